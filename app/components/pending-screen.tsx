import { useT } from '../i18n/i18n.tsx'

/** A simple page for a screen whose feature is not built yet. */
export function PendingScreen({ title }: { title: string }) {
  const t = useT()
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{title}</h1>
      <p className="mt-3 text-ink/80">{t('This part of the shop is being prepared.')}</p>
    </section>
  )
}
