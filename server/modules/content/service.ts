import { type Language, translated } from '../../../contracts/languages.ts'
import { serviceLinksOf, type Temple, type TemplePage } from '../../../contracts/temples.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { NotFoundError } from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import { contentAuditNames } from './audit-names.ts'
import { safeHtml } from './html.ts'
import { contentLists, createContentRepo, createReturnPolicyStore, type TempleWhere } from './repo.ts'

export type Slider = { _id: string; sliderImage: string; title: string | null; link: string | null }
export type Banner = {
  _id: string
  image: string
  title: string | null
  subtitle: string | null
  buttonText: string | null
  link: string | null
}
export type Faq = { _id: string; question: string; answer: string }
export type PolicySection = { _id: string; title: string; content: string }
export type PolicyDocument = { _id: string; kind: 'privacy' | 'terms'; sections: PolicySection[] }
export type ReturnPolicy = { _id: string; ReturnPolicy: string }
export type { Temple }
/** A temple as other modules name it: a seva's, a donation's, a prasad package's. */
export type TempleName = { id: string; name: string; slug: string }

export function createContentService(deps: {
  db: Db
  cache: CatalogueCache
  /** The catalogue: the prasad packages a temple offers, in the reader's language. */
  catalogue: Pick<CatalogueService, 'templeProducts' | 'inLanguage'>
}) {
  const repo = createContentRepo(deps.db)

  // Policies and answers in a reader's language: staff's Hindi where they wrote it, else the English
  // (decision 097). Each language is its own cache entry.
  const policy = (kind: 'privacy' | 'terms', language: Language) =>
    deps.cache.get(`content:policy:${kind}:${language}`, async (): Promise<PolicyDocument[]> => {
      const rows = await repo.policySections(kind)
      if (rows.length === 0) return []
      return [
        {
          _id: `${kind}-policy`,
          kind,
          sections: rows.map((r) => ({
            _id: r.id,
            title: translated(r.title, r.translations, 'title', language),
            content: safeHtml(translated(r.content, r.translations, 'content', language)),
          })),
        },
      ]
    })

  /**
   * The temples as a reader of `language` sees them: staff's Hindi name, place and text where they wrote
   * them, the English elsewhere (decision 099), each service's link resolved. The slug stays as it is: it
   * is the page's address. Each language is its own cache entry.
   */
  const temples = (language: Language = 'en'): Promise<Temple[]> =>
    deps.cache.get(`content:temples:${language}`, async () =>
      (await repo.temples()).map((t) => ({
        _id: t.id,
        slug: t.slug,
        name: translated(t.name, t.translations, 'name', language),
        location: translated(t.location, t.translations, 'location', language),
        about: safeHtml(translated(t.about, t.translations, 'about', language)),
        image: t.image,
        images: t.images,
        servicesLink: t.servicesLink,
        serviceLinks: serviceLinksOf(t),
      })),
    )

  return {
    /** What the audit log calls this module's rows (decision 113). */
    auditNames: contentAuditNames(deps.db),
    temples,
    /** The content lists the console edits row by row: slides, banners, FAQ, policy sections, temples. */
    lists: contentLists,
    /** The return policy's one section as the console reads and writes it, in the caller's transaction. */
    returnPolicyStore(db: DbOrTx = deps.db) {
      return createReturnPolicyStore(db)
    },
    /**
     * Temples' names read afresh (not from the cache), in the shop's order (position, then name): all of
     * them, those with these ids, the one with this web name, or the one with this web name or id; in the
     * caller's transaction when given one.
     */
    templeNames(where?: TempleWhere, db: DbOrTx = deps.db): Promise<TempleName[]> {
      if (where && 'ids' in where && where.ids.length === 0) return Promise.resolve([])
      return createContentRepo(db).templeNames(where)
    },
    sliders(): Promise<Slider[]> {
      return deps.cache.get('content:sliders', async () =>
        (await repo.activeSliders()).map((s) => ({
          _id: s.id,
          sliderImage: s.image,
          title: s.title,
          link: s.link,
        })),
      )
    },
    banners(): Promise<Banner[]> {
      return deps.cache.get('content:banners', async () =>
        (await repo.banners()).map((b) => ({
          _id: b.id,
          image: b.image,
          title: b.title,
          subtitle: b.subtitle,
          buttonText: b.buttonText,
          link: b.link,
        })),
      )
    },
    faqs(language: Language = 'en'): Promise<Faq[]> {
      return deps.cache.get(`content:faqs:${language}`, async () =>
        (await repo.faqs()).map((f) => ({
          _id: f.id,
          question: translated(f.question, f.translations, 'question', language),
          answer: safeHtml(translated(f.answer, f.translations, 'answer', language)),
        })),
      )
    },
    /** Privacy policy: one document holding its sections (spec: data[].sections). */
    privacy: (language: Language = 'en') => policy('privacy', language),
    terms: (language: Language = 'en') => policy('terms', language),
    /** The return policy as one HTML text (spec: data.ReturnPolicy); its sections are joined. */
    returnPolicy(language: Language = 'en'): Promise<ReturnPolicy> {
      return deps.cache.get(`content:policy:return:${language}`, async () => {
        const rows = await repo.policySections('return')
        const html = rows
          .map((r) => {
            const title = translated(r.title, r.translations, 'title', language)
            const content = translated(r.content, r.translations, 'content', language)
            return title ? `<h2>${escapeText(title)}</h2>${content}` : content
          })
          .join('\n')
        return { _id: rows[0]?.id ?? 'return-policy', ReturnPolicy: safeHtml(html) }
      })
    },
    /** A temple's own page (/temple/{slug}, any case): the temple and its prasad packages, or NotFoundError. */
    async templePage(slug: string, language: Language = 'en'): Promise<TemplePage> {
      const key = slug.trim().toLowerCase()
      const temple = (await temples(language)).find((t) => t.slug.toLowerCase() === key)
      if (!temple) throw new NotFoundError('No temple has this address.')
      const prasad = await deps.catalogue.inLanguage(
        await deps.catalogue.templeProducts(temple._id),
        language,
      )
      return { temple, prasad }
    },
    /** The temple with this slug (any case), or the first temple when none is named or it is unknown. */
    async temple(
      slug?: string | null,
      language: Language = 'en',
    ): Promise<{ temple: Temple | null; found: boolean }> {
      const all = await temples(language)
      if (!slug) return { temple: all[0] ?? null, found: all.length > 0 }
      const hit = all.find((t) => t.slug.toLowerCase() === slug.toLowerCase())
      return { temple: hit ?? null, found: Boolean(hit) }
    },
  }
}

function escapeText(s: string) {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

export type ContentService = ReturnType<typeof createContentService>
