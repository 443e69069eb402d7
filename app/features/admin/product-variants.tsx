import { useId, useState } from 'react'
import type { AdminProduct } from '../../../contracts/admin-products.ts'
import {
  combinations,
  generateVariants,
  productVariantsInputSchema,
  splitValues,
  suggestedSku,
  variantLimits,
  variantProblems,
  variantText,
  variantTitle,
} from '../../../contracts/admin-variants.ts'
import { imageAt } from '../../../contracts/images.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, serverFieldErrors } from './admin-api.ts'
import { Button, inputClass } from './ui.tsx'

/**
 * The product page's 'Options and variants' (decision 129): up to three options with their values, 'Generate
 * variants' for a row per combination, and one table of the rows (SKU, prices, stock, weight, picture) with a
 * control that sets a column for every row. Saved on its own, in one call.
 */

type OptionDraft = { name: string; values: string[]; typing: string }
type RowDraft = {
  _id?: string
  options: string[]
  sku: string
  price: string
  cutPrice: string
  quantity: string
  weight: string
  /** Made to order (decision 132): its own days, '21-28'; empty follows the product. */
  madeToOrder: string
  imageId: string
}
type Column = 'price' | 'cutPrice' | 'quantity' | 'weight' | 'madeToOrder'

const columnLabels: Record<Column, string> = {
  price: 'Price (₹)',
  cutPrice: 'List price (₹)',
  quantity: 'Stock',
  weight: 'Weight (g)',
  madeToOrder: 'Made to order (days)',
}

const comboKey = (values: readonly string[]) => values.join('\u0000')
const numberOrNaN = (s: string) => (s.trim() === '' ? Number.NaN : Number(s))

function draftsOf(product: AdminProduct): { options: OptionDraft[]; rows: RowDraft[] } {
  return {
    options: product.options.map((o) => ({ name: o.name, values: [...o.values], typing: '' })),
    rows: product.variants.map((v) => ({
      _id: v._id,
      options: v.options,
      sku: v.sku,
      price: String(v.price),
      cutPrice: String(v.cutPrice),
      quantity: String(v.quantity),
      weight: v.weight === null ? '' : String(v.weight),
      madeToOrder: v.madeToOrder,
      imageId: v.imageId ?? '',
    })),
  }
}

/** The options with what is still typed in their boxes taken as values (a value is never lost unsaved). */
function withTyped(options: OptionDraft[]): OptionDraft[] {
  return options.map((o) => {
    const typed = splitValues(o.typing)
    return typed.length ? { ...o, values: [...o.values, ...typed], typing: '' } : o
  })
}

/** The body the API takes: numbers as numbers; an empty list price means the price (no discount). */
function bodyOf(options: OptionDraft[], rows: RowDraft[]) {
  return {
    options: options.map((o) => ({ name: o.name.trim(), values: o.values })),
    variants: rows.map((r) => ({
      ...(r._id ? { _id: r._id } : {}),
      options: r.options,
      sku: r.sku.trim(),
      price: numberOrNaN(r.price),
      cutPrice: r.cutPrice.trim() === '' ? numberOrNaN(r.price) : numberOrNaN(r.cutPrice),
      quantity: numberOrNaN(r.quantity),
      weight: r.weight.trim() === '' ? null : numberOrNaN(r.weight),
      madeToOrder: r.madeToOrder.trim(),
      imageId: r.imageId || null,
    })),
  }
}

export function ProductVariants({
  product,
  onSaved,
}: {
  product: AdminProduct
  onSaved: () => Promise<void>
}) {
  const start = draftsOf(product)
  const [options, setOptions] = useState<OptionDraft[]>(start.options)
  const [rows, setRows] = useState<RowDraft[]>(start.rows)
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [column, setColumn] = useState<Column>('price')
  const [columnValue, setColumnValue] = useState('')
  const titleId = useId()
  const ids = useId()

  const setOption = (i: number, change: Partial<OptionDraft>) =>
    setOptions((old) => old.map((o, j) => (j === i ? { ...o, ...change } : o)))
  const addValues = (i: number) => {
    const o = options[i]
    const typed = splitValues(o.typing)
    setOption(i, { values: [...o.values, ...typed], typing: '' })
  }
  const setRow = (j: number, change: Partial<RowDraft>) =>
    setRows((old) => old.map((r, k) => (k === j ? { ...r, ...change } : r)))

  const current = withTyped(options)
  const wanted = combinations(current.filter((o) => o.values.length))
  const inStep =
    current.length > 0 &&
    wanted.length === rows.length &&
    wanted.every((c, k) => comboKey(c) === comboKey(rows[k].options))

  function generate() {
    const next = withTyped(options)
    setOptions(next)
    const combos = combinations(next)
    if (combos.length > variantLimits.variants) {
      toast.error(variantText.tooManyVariants(combos.length), { duration: 8000 })
      return
    }
    const first = rows[0]
    setRows(
      generateVariants(next, rows, (values) => ({
        options: values,
        sku: suggestedSku(product.sku, values, next),
        price: first?.price ?? String(product.price),
        cutPrice: first?.cutPrice ?? String(product.cutPrice),
        quantity: '0',
        weight: '',
        madeToOrder: '',
        imageId: '',
      })),
    )
    setProblems({})
  }

  async function save() {
    const next = withTyped(options)
    setOptions(next)
    const body = bodyOf(next, rows)
    const found: Record<string, string> = {}
    const parsed = productVariantsInputSchema.safeParse(body)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at = issue.path.map(String)
        const name = at[0] === 'variants' ? `Row ${Number(at[1]) + 1}` : 'The options'
        found[at.join('.')] ??= `${name}: ${issue.message}`
      }
    } else {
      for (const p of variantProblems(body, product.sku)) found[p.field] ??= p.message
    }
    setProblems(found)
    if (Object.keys(found).length) {
      toast.error('Please correct the options and variants.')
      return
    }
    setSaving(true)
    try {
      const r = await adminSend(`/products/${product._id}/variants`, 'PUT', body)
      toast.success(r.message)
      await onSaved()
    } catch (err) {
      setProblems({ ...serverFieldErrors(err), form: problemText(err) })
      toast.error(problemText(err), { duration: 8000 })
    } finally {
      setSaving(false)
    }
  }

  const invalid = (field: string) => (problems[field] ? true : undefined)
  const messages = [...new Set(Object.values(problems))]
  const changedFromSaved =
    JSON.stringify(bodyOf(options, rows)) !== JSON.stringify(bodyOf(start.options, start.rows))

  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 min-w-0 rounded-lg border border-brand-200 bg-white p-4"
    >
      <h2 id={titleId} className="text-lg font-bold text-brand-800">
        Options and variants
      </h2>
      <p className="mb-3 max-w-2xl text-sm text-ink/75">
        Sell this product in sizes, colours or other options: up to three, each with its values. Generate
        variants makes a row for each combination, with its own SKU, price, stock and picture. The first row
        is the default: its price is the one the shop shows first, and the product’s stock is the rows’ sum.
        With no options, the product is sold as one piece.
      </p>

      <div className="grid gap-3 lg:grid-cols-3">
        {options.map((o, i) => (
          <fieldset key={i} className="grid min-w-0 content-start gap-2 rounded border border-brand-200 p-3">
            <legend className="px-1 text-sm font-semibold">Option {i + 1}</legend>
            <label className="grid gap-1 text-sm font-semibold">
              Name
              <input
                className={inputClass}
                value={o.name}
                placeholder={['Size', 'Colour', 'Frame'][i]}
                aria-label={`Option ${i + 1} name`}
                aria-invalid={invalid(`options.${i}.name`)}
                onChange={(e) => setOption(i, { name: e.target.value })}
              />
            </label>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-values-${i}`} className="text-sm font-semibold">
                Values
              </label>
              {o.values.length ? (
                <ul className="flex flex-wrap gap-1" aria-label={`Values of option ${i + 1}`}>
                  {o.values.map((v, k) => (
                    <li
                      key={`${v}-${k}`}
                      className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pr-0.5 pl-3 text-sm"
                    >
                      {v}
                      <button
                        type="button"
                        className="grid size-8 place-items-center rounded-full hover:bg-brand-200"
                        aria-label={`Remove the value ${v} of option ${i + 1}`}
                        onClick={() => setOption(i, { values: o.values.filter((_, n) => n !== k) })}
                      >
                        <span aria-hidden="true">✕</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <input
                id={`${ids}-values-${i}`}
                className={inputClass}
                value={o.typing}
                placeholder={['S, M, L', 'Indigo, Red', 'Plain, Teak'][i]}
                aria-label={`Option ${i + 1} values`}
                aria-describedby={`${ids}-values-help`}
                aria-invalid={invalid(`options.${i}.values`)}
                onChange={(e) => {
                  const text = e.target.value
                  // A comma ends a value (typed or pasted); what follows the last one stays in the box.
                  if (text.includes(',')) {
                    const parts = text.split(',')
                    const rest = parts.pop() ?? ''
                    setOption(i, { values: [...o.values, ...splitValues(parts.join(','))], typing: rest })
                  } else setOption(i, { typing: text })
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    addValues(i)
                  }
                }}
                onBlur={() => addValues(i)}
              />
            </div>
            <Button
              small
              tone="danger"
              onClick={() => {
                const next = options.filter((_, j) => j !== i)
                setOptions(next)
                // The values of each row follow their options; with none left, there are no variants.
                setRows((old) =>
                  next.length ? old.map((r) => ({ ...r, options: r.options.filter((_, j) => j !== i) })) : [],
                )
              }}
            >
              Remove option {i + 1}
            </Button>
          </fieldset>
        ))}
      </div>
      <p id={`${ids}-values-help`} className="mt-2 text-xs text-ink/70">
        Type a value and press Enter, or several separated by commas. At most {variantLimits.options} options
        and {variantLimits.variants} variants.
      </p>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button
          small
          disabled={options.length >= variantLimits.options}
          onClick={() => setOptions((old) => [...old, { name: '', values: [], typing: '' }])}
        >
          + Add option
        </Button>
        {options.length ? (
          <Button small tone="primary" onClick={generate}>
            Generate variants
          </Button>
        ) : null}
        {options.length && !inStep ? (
          <span role="status" className="text-sm text-amber-900">
            {rows.length
              ? 'The table does not match the options yet: press Generate variants.'
              : 'Press Generate variants to make the rows.'}
          </span>
        ) : null}
      </div>

      {rows.length ? (
        <>
          <fieldset className="mt-4 flex flex-wrap items-end gap-2 rounded border border-brand-200 p-3">
            <legend className="px-1 text-sm font-semibold">Set column</legend>
            <label className="grid gap-1 text-sm font-semibold">
              Column
              <select
                className={inputClass}
                value={column}
                onChange={(e) => setColumn(e.target.value as Column)}
              >
                {(Object.keys(columnLabels) as Column[]).map((c) => (
                  <option key={c} value={c}>
                    {columnLabels[c]}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid w-32 gap-1 text-sm font-semibold">
              Value
              <input
                className={inputClass}
                {...(column === 'madeToOrder'
                  ? { type: 'text', placeholder: '10-14' }
                  : { type: 'number', inputMode: 'decimal', step: 'any', min: 0 })}
                value={columnValue}
                onChange={(e) => setColumnValue(e.target.value)}
              />
            </label>
            <Button
              small
              disabled={columnValue.trim() === ''}
              onClick={() => setRows((old) => old.map((r) => ({ ...r, [column]: columnValue.trim() })))}
            >
              Set for all {rows.length} rows
            </Button>
          </fieldset>

          <div
            // Relative: the hidden headings (sr-only, positioned) stay inside the scrolling box, not past the page.
            className="relative mt-3 max-w-full overflow-x-auto rounded border border-brand-200"
            role="region"
            aria-label="Variants table (scrolls sideways)"
            // A region that scrolls takes the keyboard's focus, so it scrolls without a mouse too.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
            tabIndex={0}
          >
            <table className="w-full min-w-[58rem] border-collapse text-sm">
              <caption className="sr-only">Variants of {product.title}</caption>
              <thead className="bg-brand-50 text-left">
                <tr>
                  <th scope="col" className="sticky left-0 z-10 bg-brand-50 px-2 py-2">
                    {options.map((o, i) => o.name || `Option ${i + 1}`).join(' / ')}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    SKU
                  </th>
                  {(Object.keys(columnLabels) as Column[]).map((c) => (
                    <th key={c} scope="col" className="px-2 py-2">
                      {columnLabels[c]}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-2">
                    Picture
                  </th>
                  <th scope="col" className="px-2 py-2">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, j) => {
                  const title = variantTitle(r.options)
                  const picture = product.images.find((img) => img._id === r.imageId)
                  return (
                    <tr key={r._id ?? comboKey(r.options)} className="border-t border-brand-100 align-top">
                      {/* Stays in sight while the row scrolls sideways on a phone. */}
                      <th
                        scope="row"
                        className="sticky left-0 z-10 bg-white px-2 py-2 text-left font-semibold"
                      >
                        {title || '—'}
                        {j === 0 ? (
                          <span className="block text-xs font-normal text-ink/70">Default</span>
                        ) : null}
                      </th>
                      <td className="px-2 py-2">
                        <input
                          className={`${inputClass} min-w-56`}
                          value={r.sku}
                          aria-label={`SKU of ${title}`}
                          aria-invalid={invalid(`variants.${j}.sku`)}
                          onChange={(e) => setRow(j, { sku: e.target.value })}
                        />
                      </td>
                      {(Object.keys(columnLabels) as Column[]).map((c) => (
                        <td key={c} className="px-2 py-2">
                          <input
                            className={`${inputClass} w-28`}
                            {...(c === 'madeToOrder'
                              ? { type: 'text', placeholder: 'product’s' }
                              : {
                                  type: 'number',
                                  inputMode: c === 'quantity' || c === 'weight' ? 'numeric' : 'decimal',
                                  step: c === 'quantity' || c === 'weight' ? 1 : 'any',
                                  min: 0,
                                  placeholder: c === 'cutPrice' ? 'same' : c === 'weight' ? '—' : undefined,
                                })}
                            value={r[c]}
                            aria-label={`${columnLabels[c]} of ${title}`}
                            aria-invalid={invalid(`variants.${j}.${c}`)}
                            onChange={(e) => setRow(j, { [c]: e.target.value })}
                          />
                        </td>
                      ))}
                      <td className="px-2 py-2">
                        <span className="flex items-center gap-2">
                          {picture ? (
                            <img
                              src={imageAt(picture.url, 200)}
                              alt=""
                              className="size-10 rounded object-cover"
                            />
                          ) : null}
                          <select
                            className={`${inputClass} min-w-36`}
                            value={r.imageId}
                            aria-label={`Picture of ${title}`}
                            aria-invalid={invalid(`variants.${j}.imageId`)}
                            onChange={(e) => setRow(j, { imageId: e.target.value })}
                          >
                            <option value="">The product’s</option>
                            {product.images.map((img, n) => (
                              <option key={img._id} value={img._id}>
                                {n === 0 ? 'Picture 1 (main)' : `Picture ${n + 1}`}
                              </option>
                            ))}
                          </select>
                        </span>
                      </td>
                      <td className="px-2 py-2">
                        <Button
                          small
                          tone="danger"
                          label={`Remove ${title}`}
                          onClick={() => setRows((old) => old.filter((_, k) => k !== j))}
                        >
                          <span aria-hidden="true">✕</span>
                        </Button>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <p className="mt-1 text-xs text-ink/70">
            An empty list price means no discount. Removing a row stops selling that variant; orders keep it.
          </p>
        </>
      ) : null}

      {messages.length ? (
        <ul
          role="alert"
          className="mt-3 grid gap-1 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button tone="primary" disabled={saving || !changedFromSaved} onClick={save}>
          {saving
            ? 'Saving…'
            : options.length === 0 && product.variants.length
              ? 'Save: sell as one piece'
              : 'Save options and variants'}
        </Button>
        {changedFromSaved ? <span className="text-sm text-ink/75">Not saved yet.</span> : null}
      </div>
    </section>
  )
}
