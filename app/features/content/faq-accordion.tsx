import { useId, useState } from 'react'
import { ChevronDown } from '../../components/icons.tsx'

type Faq = { _id: string; question: string; answer: string }

/** Questions with one answer open at a time; opening another closes the first. */
export function FaqAccordion({ faqs }: { faqs: Faq[] }) {
  const [open, setOpen] = useState<string | null>(faqs[0]?._id ?? null)
  const base = useId()
  return (
    <div className="divide-y divide-brand-100 rounded-xl bg-white ring-1 ring-brand-100" data-testid="faq">
      {faqs.map((f, i) => {
        const expanded = open === f._id
        const panel = `${base}-panel-${i}`
        const button = `${base}-button-${i}`
        return (
          <div key={f._id}>
            <h3>
              <button
                id={button}
                type="button"
                aria-expanded={expanded}
                aria-controls={panel}
                onClick={() => setOpen(expanded ? null : f._id)}
                className="flex w-full items-center justify-between gap-3 px-4 py-4 text-left font-semibold text-brand-800 hover:bg-brand-50"
              >
                {f.question}
                <ChevronDown className={`shrink-0 transition ${expanded ? 'rotate-180' : ''}`} />
              </button>
            </h3>
            <div
              id={panel}
              role="region"
              aria-labelledby={button}
              hidden={!expanded}
              className="prose-shop px-4 pb-4 text-ink/90"
              dangerouslySetInnerHTML={{ __html: f.answer }}
            />
          </div>
        )
      })}
    </div>
  )
}
