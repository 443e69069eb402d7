import { type Language, translated } from '../../../contracts/languages.ts'
import type { Db } from '../../db/client.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import { safeHtml } from './html.ts'
import { createContentRepo } from './repo.ts'

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
export type Temple = {
  _id: string
  slug: string
  name: string
  location: string
  /** Sanitised HTML. */
  about: string
  image: string | null
  images: string[]
  servicesLink: string
}

export function createContentService(deps: { db: Db; cache: CatalogueCache }) {
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

  const temples = (): Promise<Temple[]> =>
    deps.cache.get('content:temples', async () =>
      (await repo.temples()).map((t) => ({
        _id: t.id,
        slug: t.slug,
        name: t.name,
        location: t.location,
        about: safeHtml(t.about),
        image: t.image,
        images: t.images,
        servicesLink: t.servicesLink,
      })),
    )

  return {
    temples,
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
    /** The temple with this slug (any case), or the first temple when none is named or it is unknown. */
    async temple(slug?: string | null): Promise<{ temple: Temple | null; found: boolean }> {
      const all = await temples()
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
