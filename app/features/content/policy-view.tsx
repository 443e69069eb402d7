import { useT } from '../../i18n/i18n.tsx'

type Section = { _id: string; title: string; content: string }

/** A policy page: the server's sanitised HTML sections under the page title. */
export function PolicyView({
  title,
  sections,
  updated,
}: {
  title: string
  sections: Section[]
  updated?: string
}) {
  const t = useT()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{title}</h1>
      {updated ? <p className="mt-1 text-sm text-ink/70">{updated}</p> : null}
      {sections.length === 0 ? (
        <p className="mt-6">
          {t('This page is being updated. Please contact support if you have a question.')}
        </p>
      ) : (
        sections.map((s) => (
          <section key={s._id} className="mt-6" data-testid="policy-section">
            {s.title ? <h2 className="font-serif text-xl font-bold text-brand-800">{s.title}</h2> : null}
            <div className="prose-shop" dangerouslySetInnerHTML={{ __html: s.content }} />
          </section>
        ))
      )}
    </article>
  )
}
