import { useId, useState } from 'react'
import { Link } from 'react-router'
import type {
  ProductImportPreview,
  ProductImportResult,
  ProductImportRow,
} from '../../../contracts/admin-products.ts'
import { productCsvColumns, productCsvText, productImportLimits } from '../../../contracts/product-csv.ts'
import { adminSend, problemText } from '../../features/admin/admin-api.ts'
import { Badge, Button, inputClass, PageTitle } from '../../features/admin/ui.tsx'
import { useQueryClient } from '../../lib/query.ts'

export const meta = () => [{ title: 'Import products | Shop console' }]

const outcomeWords: Record<
  ProductImportRow['outcome'],
  { text: string; tone: 'green' | 'blue' | 'grey' | 'red' }
> = {
  create: { text: 'Will add', tone: 'green' },
  update: { text: 'Will update', tone: 'blue' },
  unchanged: { text: 'No changes', tone: 'grey' },
  error: { text: 'Error', tone: 'red' },
}

function RowLine({ row }: { row: ProductImportRow }) {
  const words = outcomeWords[row.outcome]
  return (
    <li
      className={`rounded-lg border bg-white p-3 text-sm ${row.outcome === 'error' ? 'border-red-300' : 'border-brand-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Row {row.row}</span>
        <Badge tone={words.tone}>{words.text}</Badge>
        <span className="min-w-0 break-words">{row.title || '(no name)'}</span>
      </div>
      {row.changes.length > 3 ? (
        // A product with variants may change many things: one line each (decision 129).
        <ul
          className="mt-1 grid gap-0.5 text-ink/80"
          aria-label={`Changes to ${row.title || 'this product'}`}
        >
          {row.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : row.changes.length ? (
        <p className="mt-1 text-ink/80">{row.changes.join(', ')}</p>
      ) : null}
      {row.errors.length ? (
        <ul className="mt-1 grid gap-1 text-red-800">
          {row.errors.map((e) => (
            <li key={`${e.column}:${e.message}`}>
              <span className="font-semibold">{e.column}:</span> {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/**
 * Products from a CSV file (decision 093): staff choose a file, the server checks every row and says what
 * it would do (nothing written), and only a file without errors can then be imported, in one go.
 */
export default function ProductImportScreen() {
  const fileId = useId()
  const queryClient = useQueryClient()
  const [fileName, setFileName] = useState<string | null>(null)
  const [csv, setCsv] = useState<string | null>(null)
  const [preview, setPreview] = useState<ProductImportPreview | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null)
  const [showUnchanged, setShowUnchanged] = useState(false)

  async function check(text: string) {
    setBusy('checking')
    try {
      const r = await adminSend<ProductImportPreview>('/products/import/preview', 'POST', { csv: text })
      setPreview(r.data)
    } catch (err) {
      setProblem(problemText(err))
    } finally {
      setBusy(null)
    }
  }

  async function choose(file: File | undefined) {
    setProblem(null)
    setDone(null)
    setPreview(null)
    setCsv(null)
    setFileName(file?.name ?? null)
    if (!file) return
    if (file.size > productImportLimits.bytes) {
      setProblem(productCsvText.tooLarge(file.size))
      return
    }
    const text = await file.text()
    setCsv(text)
    await check(text)
  }

  async function runImport() {
    if (!csv) return
    setProblem(null)
    setBusy('importing')
    try {
      const r = await adminSend<ProductImportResult>('/products/import', 'POST', { csv })
      setDone(r.message)
      setPreview(null)
      setCsv(null)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (err) {
      setProblem(problemText(err))
    } finally {
      setBusy(null)
    }
  }

  const rows = preview?.rows ?? []
  const shown = showUnchanged ? rows : rows.filter((r) => r.outcome !== 'unchanged')
  const ordered = [
    ...shown.filter((r) => r.outcome === 'error'),
    ...shown.filter((r) => r.outcome !== 'error'),
  ]
  const writes = preview ? preview.creates + preview.updates : 0

  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className="text-brand-800 underline">
          ← Products
        </Link>
      </p>
      <PageTitle
        title="Import products from CSV"
        intro="Start from a file made with “Download CSV” on the Products screen, change it in a spreadsheet and save it as CSV (UTF-8). A row with an ID updates that product; a row without an ID adds a new one. A product with variants has a row per variant: its own columns on the first, then rows with the same ID and SKU and only the variant columns. The file is checked first and nothing changes until you press Import. After correcting the file, choose it again."
      />
      <section
        aria-labelledby={`${fileId}-h`}
        className="mb-4 rounded-lg border border-brand-200 bg-white p-3"
      >
        <h2 id={`${fileId}-h`} className="mb-2 font-semibold text-brand-800">
          1. Choose the file
        </h2>
        <label htmlFor={fileId} className="grid gap-1 text-sm font-semibold">
          CSV file (up to {productImportLimits.bytes / (1024 * 1024)} MB and{' '}
          {productImportLimits.rows.toLocaleString('en-IN')} rows)
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className={inputClass}
            onChange={(e) => {
              const file = e.target.files?.[0]
              // Let go of the choice, so the same file, corrected, can be chosen again.
              e.target.value = ''
              void choose(file)
            }}
          />
        </label>
        {busy === 'checking' ? <p className="mt-2 text-sm">Checking {fileName}…</p> : null}
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-800">
            The columns the file can have
          </summary>
          <dl className="mt-2 grid gap-1">
            {productCsvColumns.map((c) => (
              <div key={c.heading}>
                <dt className="inline font-semibold">{c.heading}: </dt>
                <dd className="inline text-ink/80">{c.help}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-ink/80">
            SKU, Name, Price (₹) and Stock are needed. A cell the export started with an apostrophe (such as
            '=…') is read without it.
          </p>
        </details>
      </section>

      {problem ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {problem}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mb-4 rounded-lg border border-leaf bg-green-50 p-3 text-sm font-semibold">
          {done}{' '}
          <Link to="/admin/products" className="text-brand-800 underline">
            Back to the products
          </Link>
        </p>
      ) : null}

      {preview ? (
        <section aria-labelledby={`${fileId}-check`} className="grid gap-3">
          <h2 id={`${fileId}-check`} className="font-semibold text-brand-800">
            2. Check what will happen
          </h2>
          <p role="status" className="text-sm">
            {fileName}: {preview.creates} to add, {preview.updates} to update, {preview.unchanged} without
            changes
            {preview.errors ? (
              <span className="font-semibold text-red-800">
                , {preview.errors} with errors. Nothing can be imported until they are corrected in the file.
              </span>
            ) : (
              '. Nothing has been changed yet.'
            )}
          </p>
          {preview.notes.map((n) => (
            <p key={n} className="text-sm text-ink/80">
              {n}
            </p>
          ))}
          {preview.unchanged ? (
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={showUnchanged}
                onChange={(e) => setShowUnchanged(e.target.checked)}
              />
              Show the rows without changes too
            </label>
          ) : null}
          <ul className="grid gap-2" aria-label="Rows of the file">
            {ordered.map((r) => (
              <RowLine key={r.row} row={r} />
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button
              tone="primary"
              onClick={runImport}
              disabled={busy !== null || preview.errors > 0 || writes === 0}
            >
              {busy === 'importing' ? 'Importing…' : `Import ${writes} product${writes === 1 ? '' : 's'}`}
            </Button>
          </div>
          {writes === 0 && preview.errors === 0 ? (
            <p className="text-sm">This file changes nothing, so there is nothing to import.</p>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
