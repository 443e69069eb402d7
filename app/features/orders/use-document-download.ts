import { useState } from 'react'
import { useI18n } from '../../i18n/i18n.tsx'
import { ApiError, downloadFile } from '../../lib/api.ts'
import { toast } from '../../lib/toast.tsx'

/**
 * A return's GST document (its credit note, an exchange's invoice) downloaded as a PDF named after its number;
 * busy while it comes, a toast when it cannot.
 */
export function useDocumentDownload() {
  const { t } = useI18n()
  const [downloading, setDownloading] = useState(false)
  async function download(path: string, number: string) {
    setDownloading(true)
    try {
      await downloadFile(path, `${number.replace(/\//g, '-')}.pdf`)
    } catch (err) {
      toast.error(
        err instanceof ApiError ? err.message : t('The document could not be downloaded. Please try again.'),
      )
    } finally {
      setDownloading(false)
    }
  }
  return { downloading, download }
}
