import { useT } from '../../i18n/i18n.tsx'

type Section = { _id: string; title: string; content: string }

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/**
 * The HTML without a first heading that only repeats the page's title (a return policy section named
 * 'Return Policy' under the page's own 'Return Policy'): one heading, not two.
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const first = /^\s*<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/i.exec(html)
  if (!first || plain(first[1]!) !== plain(title)) return html
  return html.slice(first[0].length).replace(/^\s+/, '')
}

/** A policy page: the server's sanitised HTML sections under the page title. */
export function PolicyView({
  title,
  sections,
  updated,
  children,
}: {
  title: string
  sections: Section[]
  updated?: string
  /** Shown first, from the shop's own data (the return policy's rules). */
  children?: React.ReactNode
}) {
  const t = useT()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{title}</h1>
      {updated ? <p className="mt-1 text-sm text-ink/70">{updated}</p> : null}
      {children}
      {sections.length === 0 && !children ? (
        <p className="mt-6">
          {t('This page is being updated. Please contact support if you have a question.')}
        </p>
      ) : (
        sections.map((s) => (
          <section key={s._id} className="mt-6" data-testid="policy-section">
            {s.title ? <h2 className="font-serif text-xl font-bold text-brand-800">{s.title}</h2> : null}
            <div
              className="prose-shop"
              dangerouslySetInnerHTML={{
                __html: s.title ? s.content : withoutRepeatedTitle(s.content, title),
              }}
            />
          </section>
        ))
      )}
    </article>
  )
}
