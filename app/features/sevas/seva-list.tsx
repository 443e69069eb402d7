import { Link } from 'react-router'
import { sevaText, weekdayNames } from '../../../contracts/seva-text.ts'
import type { PublicSeva } from '../../../contracts/sevas.ts'
import { useT } from '../../i18n/i18n.tsx'
import { formatRupees } from '../../lib/format.ts'

/** The days a seva is offered, in words ('Offered on Monday, Thursday'). */
export function useOfferedDays() {
  const t = useT()
  return (weekdays: number[]) =>
    weekdays.length === 7
      ? t(sevaText.everyDay)
      : t(sevaText.offeredOn, { days: weekdays.map((d) => t(weekdayNames[d])).join(', ') })
}

/**
 * A temple's sevas with their price, days and a 'Book' link to the booking page (decision 102). Shown on
 * /templedetails and on a temple's own page.
 */
export function SevaList({ sevas, headingLevel = 2 }: { sevas: PublicSeva[]; headingLevel?: 2 | 3 }) {
  const t = useT()
  const offered = useOfferedDays()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Item = headingLevel === 2 ? 'h3' : 'h4'
  return (
    <section aria-labelledby="temple-sevas" data-testid="seva-list">
      <Heading id="temple-sevas" className="font-serif text-2xl font-bold text-brand-800">
        {t(sevaText.heading)}
      </Heading>
      {sevas.length === 0 ? (
        <p className="mt-2 text-ink/80">{t(sevaText.none)}</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {sevas.map((s) => (
            <li
              key={s._id}
              className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-200"
            >
              <Item className="text-lg font-semibold text-brand-800">{s.name}</Item>
              {s.description ? (
                <p className="text-sm whitespace-pre-line text-ink/80">{s.description}</p>
              ) : null}
              <p className="text-sm text-ink/80">{offered(s.weekdays)}</p>
              <div className="mt-auto flex items-center justify-between gap-3 pt-2">
                <span className="text-lg font-bold text-ink">
                  {t(sevaText.perDay, { price: formatRupees(s.price / 100) })}
                </span>
                <Link
                  to={`/seva/${s._id}`}
                  className="inline-flex min-h-11 items-center rounded bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
                  aria-label={t('Book {seva}', { seva: s.name })}
                >
                  {t(sevaText.book)}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The sevas a devotee may book at the temple (decision 102), when it has any. */
export function TempleSevas({ sevas }: { sevas: PublicSeva[] }) {
  if (sevas.length === 0) return null
  return (
    <div className="mx-auto max-w-4xl px-4 pb-12">
      <SevaList sevas={sevas} />
    </div>
  )
}
