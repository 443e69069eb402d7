import type { FastifyInstance } from 'fastify'
import {
  defaultLanguage,
  isLanguage,
  type Language,
  languageCookie,
  languageParam,
} from '../../contracts/languages.ts'
import type { Translations } from '../lib/i18n.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in: `?lang=`, else the remembered choice, else English. */
    language: Language
  }
}

const oneYear = 365 * 24 * 60 * 60
const cookiePattern = new RegExp(`(?:^|;\\s*)${languageCookie}=([a-z]{2})(?:;|$)`)

/** The language a request's cookie header remembers, if any. */
function rememberedLanguage(cookieHeader: string | undefined): Language | undefined {
  const value = cookiePattern.exec(cookieHeader ?? '')?.[1]
  return isLanguage(value) ? value : undefined
}

/**
 * Chooses each request's language (docs/decisions/097). A `?lang=hi` address is the Hindi page, whoever
 * asks, and remembers the choice in a cookie for the pages that follow; without the parameter the cookie
 * decides, and English is the default. Read from the raw headers, before the page cache looks.
 */
export function registerLanguage(app: FastifyInstance, translations: Translations) {
  app.decorateRequest('language', defaultLanguage)
  app.addHook('onRequest', async (request, reply) => {
    const asked = (request.query as Record<string, unknown> | undefined)?.[languageParam]
    const remembered = rememberedLanguage(request.headers.cookie)
    request.language = isLanguage(asked) ? asked : (remembered ?? defaultLanguage)
    if (isLanguage(asked) && asked !== remembered && !request.headers['x-page-cache-fill'])
      reply.header('set-cookie', `${languageCookie}=${asked}; Path=/; Max-Age=${oneYear}; SameSite=Lax`)
  })
  // The API answers in the request's language too: its `message` (errors and confirmations alike) is one of
  // the catalogue's messages, looked up by its English text; a text the catalogue lacks stays English.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.language === defaultLanguage || !payload || typeof payload !== 'object') return payload
    const answer = payload as { message?: unknown }
    if (typeof answer.message !== 'string') return payload
    return { ...answer, message: translations[request.language].t(answer.message) }
  })
}
