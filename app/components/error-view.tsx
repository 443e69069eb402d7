import { isRouteErrorResponse } from 'react-router'
import { msg } from '../../contracts/languages.ts'
import { useT } from '../i18n/i18n.tsx'
import { NotFoundView } from './not-found-view.tsx'

/** A route error seen in the browser that came from the network, not from the shop. */
function isConnectionError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true
  if (!(error instanceof Error)) return false
  return error.name === 'TypeError' && /fetch|network|load failed/i.test(error.message)
}

function ErrorPanel({ title, text, retry }: { title: string; text: string; retry: boolean }) {
  const t = useT()
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="error-page">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{t(title)}</h1>
      <p className="mt-3 text-ink/80">{t(text)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {retry ? (
          <button
            type="button"
            className="rounded bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
            onClick={() => window.location.reload()}
          >
            {t('Try again')}
          </button>
        ) : null}
        {/* A full load: whatever broke in this page's state stays behind. */}
        <a
          href="/"
          className="rounded border border-brand-600 px-5 py-2.5 font-medium text-brand-700 hover:bg-brand-50"
        >
          {t('Back to the shop')}
        </a>
      </div>
    </section>
  )
}

/** What the shop says for each kind of failure; never the error's message or stack. */
export default function ErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundView />
    if (error.status === 405)
      return (
        <ErrorPanel
          title={msg('This page cannot do that')}
          text={msg('The page was asked for in a way it does not accept. Open it again from the shop.')}
          retry={false}
        />
      )
    if (error.status === 503)
      return (
        <ErrorPanel
          title={msg('The shop is temporarily unavailable')}
          text={msg('We are having a short break. Please try again in a minute.')}
          retry
        />
      )
    if (error.status < 500)
      return (
        <ErrorPanel
          title={msg('We could not open this page')}
          text={msg('The address may be incomplete or out of date. Try again from the shop.')}
          retry={false}
        />
      )
  }
  if (isConnectionError(error))
    return (
      <ErrorPanel
        title={msg('No connection')}
        text={msg('We could not reach the shop. Check your internet connection and try again.')}
        retry
      />
    )
  return (
    <ErrorPanel
      title={msg('Something went wrong')}
      text={msg('Sorry, this page could not be shown. Please try again in a moment.')}
      retry
    />
  )
}
