import { Link } from 'react-router'
import type { Marks, ProductProvenance } from '../../../contracts/provenance.ts'
import { type Translate, useT } from '../../i18n/i18n.tsx'
import { markTexts, provenanceTexts } from './messages.ts'

/**
 * On a product page: who made it ('Made by …', each name linking to the artisan's page) and the
 * authenticity marks it carries, each a badge with its number that opens to say what it certifies
 * (a <details>, so it works by tap, keyboard and screen reader without any script).
 */
export function ProductProvenanceBlock({ provenance }: { provenance: ProductProvenance }) {
  const t = useT()
  const provenanceText = provenanceTexts(t)
  const { makers, marks } = provenance
  const badges = markBadges(marks, t)
  if (makers.length === 0 && badges.length === 0) return null
  return (
    <div className="grid gap-3 rounded-lg bg-white p-3 ring-1 ring-brand-100" data-testid="provenance">
      {makers.length > 0 ? (
        <p className="text-sm" data-testid="made-by">
          <span className="font-semibold">{provenanceText.madeBy} </span>
          {makers.map((m, i) => (
            <span key={m.slug}>
              {i > 0 ? (i === makers.length - 1 ? ` ${provenanceText.and} ` : ', ') : null}
              <Link to={`/artisan/${m.slug}`} className="font-semibold text-brand-700 underline">
                {m.name}
              </Link>
            </span>
          ))}
          <span className="block text-ink/75">
            {[provenanceText.andList([...new Set(makers.map((m) => m.craft))]), sharedPlace(makers)]
              .filter(Boolean)
              .join(', ')}
          </span>
        </p>
      ) : null}
      {badges.length > 0 ? (
        <section aria-label={provenanceText.marksHeading}>
          <ul className="flex flex-wrap gap-2">
            {badges.map((b) => (
              <li key={b.key} className="max-w-full">
                <details
                  className="group rounded-lg border border-leaf/40 bg-leaf/5"
                  data-testid={`mark-${b.key}`}
                >
                  <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      width="18"
                      height="18"
                      className="shrink-0 text-leaf"
                    >
                      <path
                        fill="currentColor"
                        d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.6-4.6 1.4 1.4-6 6Z"
                      />
                    </svg>
                    <span>
                      <span className="font-bold">{b.title}</span>{' '}
                      <span className="text-ink/80">
                        {b.numberLabel} {b.number}
                      </span>
                    </span>
                    <span aria-hidden="true" className="ml-1 text-ink/60 group-open:rotate-180">
                      ▾
                    </span>
                    <span className="sr-only">{provenanceText.whatItMeans}</span>
                  </summary>
                  <p className="max-w-prose border-t border-leaf/20 px-3 py-2 text-sm text-ink/90">
                    {b.explains}
                  </p>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/** The makers' place when they all share it; several places are on their own pages. */
const sharedPlace = (makers: ProductProvenance['makers']) => {
  const places = new Set(makers.map((m) => m.place))
  return places.size === 1 ? [...places][0] : ''
}

function markBadges(marks: Marks, t: Translate) {
  const markText = markTexts(t)
  const out: Array<{ key: string; title: string; numberLabel: string; number: string; explains: string }> = []
  if (marks.gi)
    out.push({
      key: 'gi',
      title: `${markText.gi.label}: ${marks.gi.name}`,
      numberLabel: markText.gi.number,
      number: marks.gi.authorisedUser,
      explains: markText.gi.explains,
    })
  if (marks.handloomMark)
    out.push({
      key: 'handloom',
      title: markText.handloomMark.label,
      numberLabel: markText.handloomMark.number,
      number: marks.handloomMark,
      explains: markText.handloomMark.explains,
    })
  if (marks.silkMark)
    out.push({
      key: 'silk',
      title: markText.silkMark.label,
      numberLabel: markText.silkMark.number,
      number: marks.silkMark,
      explains: markText.silkMark.explains,
    })
  return out
}
