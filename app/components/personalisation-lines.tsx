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
  beforeOrder = false,
}: {
  lines: readonly PersonalisationLine[] | undefined
  testId: string
  className?: string
  /** In the cart and at checkout, measurements not given yet are 'to give after ordering'. */
  beforeOrder?: boolean
}) {
  const t = useT()
  if (!lines?.length) return null
  return (
    <ul className={className} data-testid={testId}>
      {lines.map((l) =>
        l.kind === 'addon' ? (
          <li key={l.id}>
            + {l.label}{' '}
            <span className="whitespace-nowrap">
              ({t(personalisationText.addonPrice, { price: formatRupees(l.price ?? 0) })})
            </span>
          </li>
        ) : (
          <li key={l.id} className="break-words">
            {l.label}:{' '}
            {l.value !== null ? (
              <q className="font-medium text-ink">{l.value}</q>
            ) : (
              <span className="font-medium text-brand-800">
                {t(
                  beforeOrder
                    ? personalisationText.measurementsToCome
                    : personalisationText.measurementsAwaited,
                )}
              </span>
            )}
          </li>
        ),
      )}
    </ul>
  )
}
