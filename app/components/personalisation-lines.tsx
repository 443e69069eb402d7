import type { PersonalisationLine } from '../../contracts/personalisation.ts'
import { personalisationText } from '../../contracts/personalisation.ts'
import { useT } from '../i18n/i18n.tsx'
import { formatRupees } from '../lib/format.ts'

/**
 * What a customer chose for a line (decision 133), as the cart, the checkout and the order show it: each text
 * as typed, each paid add-on with its price for each piece.
 */
export function PersonalisationLines({
  lines,
  testId,
  className = 'mt-0.5 text-sm text-ink/80',
}: {
  lines: readonly PersonalisationLine[] | undefined
  testId: string
  className?: string
}) {
  const t = useT()
  if (!lines?.length) return null
  return (
    <ul className={className} data-testid={testId}>
      {lines.map((l) =>
        l.value !== null ? (
          <li key={l.id} className="break-words">
            {l.label}: <q className="font-medium text-ink">{l.value}</q>
          </li>
        ) : (
          <li key={l.id}>
            + {l.label}{' '}
            <span className="whitespace-nowrap">
              ({t(personalisationText.addonPrice, { price: formatRupees(l.price ?? 0) })})
            </span>
          </li>
        ),
      )}
    </ul>
  )
}
