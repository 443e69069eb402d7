import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { isLanguage, type Language, locales } from '../../contracts/languages.ts'
import type { Translations } from '../lib/i18n.ts'

/**
 * The installed shop's two files the pages do not serve (decision 142): the service worker at /sw.js, built
 * into `<build>/pwa/` by scripts/build-worker.ts, and the offline page it keeps, one per language. The web app
 * manifest and its icons are plain files in public/.
 *
 * Both are `no-cache`: the browser asks again each time (a 304 when unchanged), so a new worker, and with it
 * a new offline page, reaches phones at their next visit rather than an hour later.
 */
export function registerAppInstall(
  app: FastifyInstance,
  opts: { buildDir: string; translations: Translations },
) {
  const workerFile = path.join(opts.buildDir, 'pwa', 'sw.js')
  let worker: Promise<Buffer | null> | null = null

  app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) => {
    // Read once: a build is not changed under a running shop. Absent under the dev server, which has none.
    worker ??= readFile(workerFile).catch(() => null)
    const script = await worker
    if (!script)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ success: false, message: 'Not found' })
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(script)
  })

  app.get<{ Params: { language: string } }>(
    '/offline/:language',
    { schema: { hide: true } },
    async (request, reply) => {
      const { language } = request.params
      if (!isLanguage(language))
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({ success: false, message: 'Not found' })
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(offlinePage(language, opts.translations))
    },
  )
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The page the worker answers with when a page cannot be reached and was never kept. Self-contained (its
 * look inline, no script: the worker writes the list of kept pages into it where the mark stands), in the
 * shop's colours like the database's 503 page (server/http/unavailable.ts).
 */
export function offlinePage(language: Language, translations: Translations): string {
  const { t } = translations[language]
  const title = t('You are offline')
  return `<!doctype html>
<html lang="${locales[language]}" data-language="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="theme-color" content="#6e2b17">
<title>${escapeHtml(title)} | Kalaa Setu Foundation Store</title>
<link rel="icon" href="/logo.svg" type="image/svg+xml">
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#2b1d14;background:#fdf6ee}
header{display:flex;align-items:center;gap:10px;background:#6e2b17;padding:10px 16px}
header a{display:flex;align-items:center;gap:10px;color:#fff;text-decoration:none;font:700 1.15rem Georgia,"Noto Serif",serif}
header img{border-radius:50%;background:#fdf6ee}
main{max-width:34rem;margin:0 auto;padding:32px 16px 48px}
h1{font:700 1.6rem Georgia,"Noto Serif",serif;color:#6e2b17;margin:0 0 12px}
h2{font-size:1.05rem;color:#6e2b17;margin:28px 0 8px}
p{line-height:1.5;margin:0 0 16px}
ul{list-style:none;margin:0;padding:0;border-top:1px solid #f1cda3}
li{border-bottom:1px solid #f1cda3}
li a{display:block;padding:14px 4px;color:#8a3417;font-weight:600;text-decoration:underline;text-underline-offset:3px;min-height:24px}
.none{display:none;color:#4a1d10}
ul:empty{display:none}
ul:empty+.none{display:block}
a.button{display:inline-block;margin-top:24px;background:#a8431a;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600}
a:focus-visible{outline:3px solid #f4a300;outline-offset:2px}
</style></head>
<body><header><a href="/"><img src="/logo.svg" width="36" height="36" alt="">Kalaa Setu</a></header>
<main><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t('The shop cannot be reached just now. The pages you saw while online were kept on this phone, and open without a connection.'))}</p>
<h2>${escapeHtml(t('Pages you can open'))}</h2>
<ul><!--kept-pages--></ul>
<p class="none">${escapeHtml(t('No page is kept yet: the products and listings you open while online are kept here for later.'))}</p>
<a class="button" href="">${escapeHtml(t('Try again'))}</a></main></body></html>`
}
