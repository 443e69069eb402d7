import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { appContext } from '../contracts/load-context.ts'
import { I18nProvider } from './i18n/i18n.tsx'
import { scriptsAfterFirstPaint } from './lib/page-code.ts'

export const streamTimeout = 5_000

/**
 * A page's loader or action failed. An expected answer (404, 405 and the other 4xx) is not a fault and
 * logs nothing; a real fault is logged once, through the server's logger (which withholds SQL parameters).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  let log: { error(obj: object, msg: string): void } | undefined
  try {
    log = (context as RouterContextProvider).get(appContext).services.log
  } catch {
    log = undefined
  }
  const where = new URL(request.url).pathname
  if (log) log.error({ err: error, page: where }, 'page failed')
  else console.error('page failed', where)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, i18n } = loadContext.get(appContext)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and prerendering get the whole document at once; people get it streamed.
    const readyEvent =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider value={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nProvider>,
      {
        nonce,
        // Sections are always written in place, never held back behind an inline script that reveals them
        // later: the page reads whole without JavaScript and at once with it (docs/decisions/016).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          const stream = createReadableStreamFromReadable(body.pipe(scriptsAfterFirstPaint()))
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
