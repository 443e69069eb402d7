import { Link } from 'react-router'
import { useT } from '../i18n/i18n.tsx'

export function NotFoundView() {
  const t = useT()
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="font-serif text-7xl font-bold text-brand-200">404</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-brand-800">{t('Page not found')}</h1>
      <p className="mt-3 text-ink/80">
        {t('The page you were looking for has moved or never existed. The crafts are still here.')}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="rounded bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
          {t('Back to the shop')}
        </Link>
        <Link
          to="/Support"
          className="rounded border border-brand-600 px-5 py-2.5 font-medium text-brand-700"
        >
          {t('Get help')}
        </Link>
      </div>
    </section>
  )
}
