import { Link } from 'react-router'
import type { Temple } from '../../../contracts/temples.ts'
import { useT } from '../../i18n/i18n.tsx'
import { givingTexts } from './messages.ts'

/** The way to give to this temple (decision 101). */
export function DonateToTemple({ temple }: { temple: Temple }) {
  const t = useT()
  return (
    <Link
      to={`/donate?for=${encodeURIComponent(temple.slug)}`}
      className="mt-4 inline-block rounded bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
    >
      {t(givingTexts.forTemple)}
    </Link>
  )
}
