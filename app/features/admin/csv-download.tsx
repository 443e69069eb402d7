import { useState } from 'react'
import { ApiError, downloadFile } from '../../lib/api.ts'
import { toast } from '../../lib/toast.tsx'
import { indianToday } from './format.ts'
import { Button } from './ui.tsx'

/**
 * 'Download CSV' for a console list: the API's export of what the list's filters match (every page), saved
 * as `<name>-<today>.csv`. `filters` are the list's query; its page is left out.
 */
export function CsvDownloadButton({
  path,
  filters,
  name,
}: {
  path: string
  filters: URLSearchParams
  name: string
}) {
  const [busy, setBusy] = useState(false)
  async function download() {
    const query = new URLSearchParams(filters)
    query.delete('page')
    setBusy(true)
    try {
      await downloadFile(`/admin${path}?${query}`, `${name}-${indianToday()}.csv`, 'text/csv')
    } catch (err) {
      toast.error(
        err instanceof ApiError ? err.message : 'The file could not be downloaded. Please try again.',
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button onClick={download} disabled={busy}>
      {busy ? 'Downloading…' : 'Download CSV'}
    </Button>
  )
}
