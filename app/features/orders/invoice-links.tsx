import { useState } from 'react'
import { invoiceText } from '../../../contracts/invoices.ts'
import type { Order } from '../../../contracts/orders.ts'
import { useT } from '../../i18n/i18n.tsx'
import { ApiError, downloadFile } from '../../lib/api.ts'
import { toast } from '../../lib/toast.tsx'

const fileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`

/**
 * 'Download invoice' (and the credit note after a refund) for an order that has them. `base` is the API
 * path of the document: the customer's own order, or any order for staff.
 */
export function InvoiceLinks({
  order,
  base,
  className,
}: {
  order: Pick<Order, '_id' | 'invoiceNumber' | 'creditNoteNumber'>
  base: string
  className: string
}) {
  const t = useT()
  const [busy, setBusy] = useState<string | null>(null)
  const get = async (number: string, document: 'invoice' | 'credit-note') => {
    setBusy(document)
    try {
      await downloadFile(`${base}?document=${document}`, fileName(number))
    } catch (err) {
      toast.error(
        err instanceof ApiError ? err.message : t('The document could not be downloaded. Please try again.'),
      )
    } finally {
      setBusy(null)
    }
  }
  const links: Array<[string | null, 'invoice' | 'credit-note', string]> = [
    [order.invoiceNumber, 'invoice', invoiceText.download],
    [order.creditNoteNumber, 'credit-note', invoiceText.downloadCreditNote],
  ]
  return (
    <>
      {links.map(([number, document, label]) =>
        number ? (
          <button
            key={document}
            type="button"
            className={className}
            disabled={busy === document}
            onClick={() => get(number, document)}
            title={number}
          >
            {busy === document ? t('Downloading…') : t(label)}
          </button>
        ) : null,
      )}
    </>
  )
}
