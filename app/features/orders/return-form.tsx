import { useId, useRef, useState } from 'react'
import { imageAt } from '../../../contracts/images.ts'
import { formatPaise } from '../../../contracts/money.ts'
import type { Order } from '../../../contracts/orders.ts'
import { withVariant } from '../../../contracts/product-card.ts'
import { returnMoney } from '../../../contracts/return-money.ts'
import {
  photoReasons,
  type RefundTo,
  type ReturnOptions,
  type ReturnResolution,
  type ReturnView,
  returnRequestBody,
  returnResolutions,
  returnText,
} from '../../../contracts/return-requests.ts'
import {
  isFault,
  type ReturnReason,
  returnPromise,
  returnReasons,
  returnTerms,
} from '../../../contracts/return-rules.ts'
import { useI18n } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatOrderDate } from '../../lib/dates.ts'
import { useMutation } from '../../lib/query.ts'
import { requestReturn } from './return-api.ts'
import { canSend, ExchangeChoice, signedPaise } from './return-exchange-choice.tsx'
import { returnWords as w } from './return-messages.ts'
import { type ChosenPhoto, ReturnPhotos } from './return-photos.tsx'

type Line = ReturnOptions['lines'][number]
type Errors = Record<string, string>

const day = 24 * 60 * 60 * 1000
const paise = (rupees: number) => Math.round(rupees * 100)

const inputClass =
  'mt-1 w-full rounded border border-ink/30 bg-white px-3 py-2 text-base focus:border-brand-600 aria-[invalid=true]:border-red-700'
const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded border border-ink/20 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50'

/** The fields in the order they are on the form: the first one wrong is the one focused. */
const fieldOrder = ['reason', 'lines', 'description', 'photo', 'exchange', 'refundTo']
const firstWrong = (errors: Errors) =>
  Object.keys(errors).sort(
    (a, b) =>
      fieldOrder.findIndex((f) => a.startsWith(f)) - fieldOrder.findIndex((f) => b.startsWith(f)) ||
      a.localeCompare(b),
  )[0]

/** A zod failure as the server reports it: each field's first message under its dotted path. */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const errors: Errors = {}
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'request'] ??= issue.message
  return errors
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  const { t } = useI18n()
  if (!text) return null
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {t(text)}
    </p>
  )
}

/**
 * The customer's return request for a delivered order (decision 138): the reason first (a fault brings back
 * even a piece that is not returnable), how many of each line, what happened, photos, and for a cash on
 * delivery order where the refund goes; checked with the contract's own schema before it is sent. Fetched
 * only when the customer opens it: zod comes with it.
 */
export default function ReturnForm({
  order,
  options,
  onCancel,
  onCreated,
}: {
  order: Order
  options: ReturnOptions
  onCancel: () => void
  onCreated: (request: ReturnView, message: string) => void
}) {
  const { t, locale } = useI18n()
  const id = useId()
  const [reason, setReason] = useState<ReturnReason | null>(null)
  const [quantities, setQuantities] = useState<Record<string, number>>({})
  const [description, setDescription] = useState('')
  const [photos, setPhotos] = useState<ChosenPhoto[]>([])
  const [photosBusy, setPhotosBusy] = useState(false)
  const [refundKind, setRefundKind] = useState<RefundTo['kind']>('upi')
  const [resolution, setResolution] = useState<ReturnResolution>('refund')
  // For an exchange: each line's variant wanted instead.
  const [instead, setInstead] = useState<Record<string, string>>({})
  const [upi, setUpi] = useState('')
  const [accountName, setAccountName] = useState('')
  const [accountNumber, setAccountNumber] = useState('')
  const [ifsc, setIfsc] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)

  const fault = reason !== null && isFault(reason)
  const selectable = (l: Line) => l.open && l.available > 0 && (l.rule.returnable || fault)
  const exchangeable = (l: Line) => l.exchangeTo.length > 0
  const picked = options.lines.filter((l) => selectable(l) && (quantities[l.itemId] ?? 0) > 0)
  // An exchange is offered once a piece that has other sizes or colours is chosen (decision 140); chosen, it
  // stays offered, and the pieces without any are left out of the request until another answer is chosen.
  const exchangeOffered = resolution === 'exchange' || picked.some(exchangeable)
  const exchange = resolution === 'exchange'
  const inRequest = (l: Line) => selectable(l) && (!exchange || exchangeable(l))
  const chosen = picked.filter(inRequest).map((l) => ({ line: l, quantity: quantities[l.itemId]! }))
  const leftOut = exchange ? picked.filter((l) => !exchangeable(l)) : []
  const insteadOf = (c: (typeof chosen)[number]) =>
    c.line.exchangeTo.find((o) => o.variantId === instead[c.line.itemId] && canSend(o, c.quantity))
  // Counted from the price per piece the customer paid, as the server counts it.
  const differences = new Map(
    chosen.flatMap((c) => {
      const o = insteadOf(c)
      return o ? [[c.line.itemId, (o.price - c.line.price) * c.quantity] as const] : []
    }),
  )
  const difference = [...differences.values()].reduce((sum, d) => sum + d, 0)
  // Store credit needs no bank details: a COD order asks for them only when money goes back, a refund or
  // a cheaper exchange.
  const asksRefundTo = options.needsRefundTo && (resolution === 'refund' || (exchange && difference < 0))
  const photosNeeded = reason !== null && photoReasons.includes(reason)

  const sending = useMutation({
    mutationFn: (v: { input: Parameters<typeof requestReturn>[0]; files: File[] }) =>
      requestReturn(v.input, v.files),
    onSuccess: (res) => onCreated(res.data, res.message),
    onError: (err) => {
      if (err instanceof ApiError) {
        const fields = exchangeErrors((err.body as { errors?: Errors } | null)?.errors ?? {})
        setErrors(fields)
        setProblem(err.text)
        focusField(firstWrong(fields))
      } else setProblem(t('Something went wrong. Please try again.'))
    },
  })

  // The estimate the summary shows: the contract's own arithmetic over the order's prices; the server's
  // answer on the created request is the amount that counts.
  const money =
    chosen.length > 0
      ? returnMoney({
          order: {
            items: order.products.map((p) => ({
              id: p._id,
              price: paise(p.price),
              quantity: p.quantity,
              addons: p.personalisation.flatMap((a) => (a.price === null ? [] : [paise(a.price)])),
            })),
            discount: paise(order.discountAmount),
            shippingCharge: paise(order.shippingCharge ?? 0),
            codFee: paise(order.codFee),
          },
          before: new Map(options.lines.map((l) => [l.itemId, l.ordered - l.available])),
          lines: chosen.map((c) => ({
            itemId: c.line.itemId,
            quantity: c.quantity,
            restockingFeePercent: c.line.rule.restockingFeePercent,
          })),
          // Before a reason is chosen: the goods alone.
          reason: reason ?? 'size',
        })
      : null

  // The server names a missing or wrong choice by the line's place in the request: shown at that line's choice.
  function exchangeErrors(fields: Errors): Errors {
    const out: Errors = {}
    for (const [key, text] of Object.entries(fields)) {
      const at = key.match(/^lines\.(\d+)\.exchangeFor$/)
      const line = at ? chosen[Number(at[1])] : null
      out[line ? `exchange.${line.line.itemId}` : key] ??= text
    }
    return out
  }

  function focusField(key: string | undefined) {
    if (!key) return
    const root = form.current
    if (!root) return
    const target =
      key === 'reason'
        ? root.querySelector<HTMLElement>(`[name="${id}-reason"]`)
        : key.startsWith('exchange')
          ? root.querySelector<HTMLElement>(
              `[name^="${id}-exchange-${key.slice('exchange.'.length)}"]:not(:disabled)`,
            )
          : key.startsWith('lines')
            ? root.querySelector<HTMLElement>(`#${CSS.escape(`${id}-lines`)} select:not(:disabled)`)
            : key === 'refundTo'
              ? root.querySelector<HTMLElement>(`[name="${id}-refund-kind"]:checked`)
              : document.getElementById(`${id}-${key.replace('refundTo.', '')}`)
    target?.focus()
  }

  // A field's message goes as soon as it is edited.
  const clear = (key: string) =>
    setErrors((all) =>
      key in all ? Object.fromEntries(Object.entries(all).filter(([k]) => k !== key)) : all,
    )
  const byId = new Map(options.lines.map((l) => [l.itemId, l]))
  const chooseReason = (next: ReturnReason) => {
    setReason(next)
    setErrors(({ reason: _, ...rest }) => rest)
    // A piece that is not returnable leaves the request when the reason is no longer a fault.
    if (!isFault(next))
      setQuantities((q) =>
        Object.fromEntries(Object.entries(q).filter(([itemId]) => byId.get(itemId)?.rule.returnable)),
      )
  }
  function submit(e: React.FormEvent) {
    e.preventDefault()
    // A second tap while the first is on its way sends nothing.
    if (sending.isPending || photosBusy) return
    const refundTo = asksRefundTo
      ? refundKind === 'upi'
        ? { kind: 'upi' as const, upi }
        : { kind: 'bank' as const, accountName, accountNumber, ifsc }
      : undefined
    const parsed = returnRequestBody.safeParse({
      orderId: order._id,
      lines: chosen.map((c) => ({
        itemId: c.line.itemId,
        quantity: c.quantity,
        ...(exchange ? { exchangeFor: insteadOf(c)?.variantId } : {}),
      })),
      reason: reason ?? undefined,
      description,
      resolution,
      refundTo,
    })
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues)
    if (photosNeeded && photos.length === 0) found.photo = returnText.photosNeeded
    if (exchange)
      for (const c of chosen)
        if (!insteadOf(c))
          found[`exchange.${c.line.itemId}`] = t(returnText.exchangeChoose, {
            title: withVariant(c.line.title, c.line.variantTitle),
          })
    setErrors(found)
    if (!parsed.success || Object.keys(found).length > 0) {
      setProblem(t(w.fixFields))
      focusField(firstWrong(found))
      return
    }
    setProblem(null)
    sending.mutate({ input: parsed.data, files: photos.map((p) => p.file) })
  }

  const described = (key: string, hint?: string) => {
    const ids = [hint, errors[key] ? `${id}-${key}-error` : undefined].filter(Boolean).join(' ')
    return { 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': ids || undefined }
  }
  // 'Please correct the fields' goes once they are corrected; the server's own words stay until the next try.
  const shownProblem = problem === t(w.fixFields) && Object.keys(errors).length === 0 ? null : problem
  const linesError = Object.entries(errors).find(([k]) => k.startsWith('lines'))?.[1]
  const refundField = (key: 'upi' | 'accountName' | 'accountNumber' | 'ifsc') => `refundTo.${key}`

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="mt-3 space-y-5 rounded-lg border border-brand-200 bg-brand-50/50 p-3 sm:p-4"
      data-testid="return-form"
    >
      <h3 id={`${id}-heading`} className="font-serif text-lg font-bold text-brand-800">
        {t(w.formHeading)}
      </h3>

      <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="text-base font-semibold">{t(w.reasonLegend)}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {returnReasons.map((r) => (
            <label key={r} className={choiceClass}>
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => chooseReason(r)}
                className="h-5 w-5 accent-brand-700"
              />
              <span>{t(returnText.reason[r])}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-reason-error`} text={errors.reason} />
      </fieldset>

      <fieldset id={`${id}-lines`} aria-describedby={linesError ? `${id}-lines-error` : undefined}>
        <legend className="text-base font-semibold">{t(w.itemsLegend)}</legend>
        <ul className="mt-1 divide-y divide-ink/10">
          {options.lines.map((l) => {
            const can = inRequest(l)
            const closesOn =
              options.deliveredAt &&
              new Date(new Date(options.deliveredAt).getTime() + l.rule.windowDays * day)
            const note = !l.open
              ? t(w.windowClosed, { date: closesOn ? formatOrderDate(closesOn.toISOString(), locale) : '' })
              : l.available <= 0
                ? t(w.alreadyAsked)
                : exchange && !exchangeable(l)
                  ? t(w.notExchangeable)
                  : null
            const selectId = `${id}-qty-${l.itemId}`
            return (
              <li key={l.itemId} className="flex flex-wrap items-start gap-3 py-3" data-testid="return-line">
                {l.image ? (
                  <img
                    src={imageAt(l.image, 200)}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="h-14 w-14 shrink-0 rounded object-cover"
                  />
                ) : (
                  <div className="h-14 w-14 shrink-0 rounded bg-brand-100" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{l.title}</p>
                  {l.variantTitle ? <p className="text-sm text-ink/80">{l.variantTitle}</p> : null}
                  <p className={`text-sm font-medium ${l.rule.returnable ? 'text-leaf' : 'text-red-800'}`}>
                    {returnPromise(t, l.rule)}
                  </p>
                  {/* The exchange's words only where there is another size or colour to send. */}
                  {returnTerms(t, l.rule, exchangeable(l)).map((term) => (
                    <p key={term} className="text-sm text-ink/80">
                      {term}
                    </p>
                  ))}
                  {note ? <p className="text-sm font-medium">{note}</p> : null}
                </div>
                <div className="flex basis-full items-center justify-end gap-3 sm:basis-auto sm:flex-col sm:items-start sm:gap-0">
                  <label htmlFor={selectId} className="text-sm font-medium">
                    {t(w.howMany)} <span className="sr-only">({l.title})</span>
                  </label>
                  <select
                    id={selectId}
                    disabled={!can}
                    value={can ? (quantities[l.itemId] ?? 0) : 0}
                    onChange={(e) => {
                      const quantity = Number(e.target.value)
                      setQuantities((q) => ({ ...q, [l.itemId]: quantity }))
                      setErrors((all) =>
                        Object.fromEntries(
                          Object.entries(all).filter(
                            ([k]) => !k.startsWith('lines') && k !== `exchange.${l.itemId}`,
                          ),
                        ),
                      )
                    }}
                    className="mt-1 min-h-11 w-24 rounded border border-ink/30 bg-white px-3 text-base disabled:bg-ink/5 disabled:text-ink/50"
                  >
                    {Array.from({ length: Math.max(0, l.available) + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
              </li>
            )
          })}
        </ul>
        <FieldError id={`${id}-lines-error`} text={linesError} />
      </fieldset>

      <div>
        <label htmlFor={`${id}-description`} className="block text-base font-semibold">
          {t(w.description)}
        </label>
        <p id={`${id}-description-hint`} className="text-sm text-ink/80">
          {t(w.descriptionHint)}
        </p>
        <textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => {
            setDescription(e.target.value)
            clear('description')
          }}
          rows={3}
          maxLength={1000}
          className={inputClass}
          {...described('description', `${id}-description-hint`)}
        />
        <FieldError id={`${id}-description-error`} text={errors.description} />
      </div>

      <ReturnPhotos
        id={id}
        photos={photos}
        onChange={(next) => {
          setPhotos(next)
          setErrors(({ photo: _, ...rest }) => rest)
        }}
        needed={photosNeeded}
        error={errors.photo}
        onBusy={setPhotosBusy}
      />

      <fieldset>
        <legend className="text-base font-semibold">{t(returnText.resolutionQuestion)}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {returnResolutions
            .filter((each) => each !== 'exchange' || exchangeOffered)
            .map((each) => (
              <label key={each} className={choiceClass}>
                <input
                  type="radio"
                  name={`${id}-resolution`}
                  value={each}
                  checked={resolution === each}
                  onChange={() => {
                    setResolution(each)
                    clear('refundTo')
                  }}
                  className="h-5 w-5 accent-brand-700"
                />
                <span>{t(returnText.resolution[each])}</span>
              </label>
            ))}
        </div>
      </fieldset>

      {exchange ? (
        <div className="space-y-3" data-testid="return-exchange">
          {chosen.length === 0 ? <p className="text-sm text-ink/80">{t(w.exchangeChooseItems)}</p> : null}
          {chosen.map((c) => (
            <ExchangeChoice
              key={c.line.itemId}
              id={id}
              line={c.line}
              quantity={c.quantity}
              value={instead[c.line.itemId]}
              error={errors[`exchange.${c.line.itemId}`]}
              onChange={(variantId) => {
                setInstead((all) => ({ ...all, [c.line.itemId]: variantId }))
                clear(`exchange.${c.line.itemId}`)
                clear('exchange')
              }}
            />
          ))}
          {leftOut.map((l) => (
            <p key={l.itemId} className="rounded bg-saffron/15 p-2 text-sm" data-testid="exchange-left-out">
              {t(w.leftOut, { title: withVariant(l.title, l.variantTitle) })}
            </p>
          ))}
          <FieldError id={`${id}-exchange-error`} text={errors.exchange} />
        </div>
      ) : null}

      {asksRefundTo ? (
        <fieldset aria-describedby={`${id}-refund-why${errors.refundTo ? ` ${id}-refundTo-error` : ''}`}>
          <legend className="text-base font-semibold">{t(w.refundLegend)}</legend>
          <p id={`${id}-refund-why`} className="text-sm text-ink/80">
            {t(w.refundWhy)}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {(['upi', 'bank'] as const).map((kind) => (
              <label key={kind} className={choiceClass}>
                <input
                  type="radio"
                  name={`${id}-refund-kind`}
                  value={kind}
                  checked={refundKind === kind}
                  onChange={() => {
                    setRefundKind(kind)
                    clear('refundTo')
                  }}
                  className="h-5 w-5 accent-brand-700"
                />
                <span>{t(kind === 'upi' ? w.upiOption : w.bankOption)}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-refundTo-error`} text={errors.refundTo} />
          {refundKind === 'upi' ? (
            <div className="mt-3">
              <label htmlFor={`${id}-upi`} className="block text-sm font-medium">
                {t(w.upi)}
              </label>
              <input
                id={`${id}-upi`}
                value={upi}
                onChange={(e) => {
                  setUpi(e.target.value)
                  clear(refundField('upi'))
                }}
                inputMode="email"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                placeholder="name@okhdfc"
                className={inputClass}
                {...described(refundField('upi'))}
              />
              <FieldError id={`${id}-${refundField('upi')}-error`} text={errors[refundField('upi')]} />
            </div>
          ) : (
            <div className="mt-3 grid gap-3">
              <div>
                <label htmlFor={`${id}-accountName`} className="block text-sm font-medium">
                  {t(w.accountName)}
                </label>
                <input
                  id={`${id}-accountName`}
                  value={accountName}
                  onChange={(e) => {
                    setAccountName(e.target.value)
                    clear(refundField('accountName'))
                  }}
                  autoComplete="name"
                  className={inputClass}
                  {...described(refundField('accountName'))}
                />
                <FieldError
                  id={`${id}-${refundField('accountName')}-error`}
                  text={errors[refundField('accountName')]}
                />
              </div>
              <div>
                <label htmlFor={`${id}-accountNumber`} className="block text-sm font-medium">
                  {t(w.accountNumber)}
                </label>
                <input
                  id={`${id}-accountNumber`}
                  value={accountNumber}
                  onChange={(e) => {
                    setAccountNumber(e.target.value.replace(/\D/g, '').slice(0, 18))
                    clear(refundField('accountNumber'))
                  }}
                  inputMode="numeric"
                  autoComplete="off"
                  className={inputClass}
                  {...described(refundField('accountNumber'))}
                />
                <FieldError
                  id={`${id}-${refundField('accountNumber')}-error`}
                  text={errors[refundField('accountNumber')]}
                />
              </div>
              <div>
                <label htmlFor={`${id}-ifsc`} className="block text-sm font-medium">
                  {t(w.ifsc)}
                </label>
                <p id={`${id}-ifsc-hint`} className="text-sm text-ink/80">
                  {t(w.ifscHint)}
                </p>
                <input
                  id={`${id}-ifsc`}
                  value={ifsc}
                  onChange={(e) => {
                    setIfsc(e.target.value.toUpperCase().replace(/\s/g, '').slice(0, 11))
                    clear(refundField('ifsc'))
                  }}
                  autoCapitalize="characters"
                  autoCorrect="off"
                  spellCheck={false}
                  placeholder="SBIN0001234"
                  className={`${inputClass} tracking-wide uppercase`}
                  {...described(refundField('ifsc'), `${id}-ifsc-hint`)}
                />
                <FieldError id={`${id}-${refundField('ifsc')}-error`} text={errors[refundField('ifsc')]} />
              </div>
            </div>
          )}
        </fieldset>
      ) : null}

      <section
        aria-labelledby={`${id}-summary`}
        className="rounded bg-white p-3 text-sm shadow-sm"
        data-testid="return-summary"
      >
        <h4 id={`${id}-summary`} className="font-semibold text-brand-800">
          {t(exchange ? w.exchangeSummaryHeading : w.summaryHeading)}
        </h4>
        {exchange ? (
          chosen.length > 0 ? (
            <>
              <dl className="mt-2 space-y-1">
                {chosen.map((c) => {
                  const o = insteadOf(c)
                  const d = differences.get(c.line.itemId)
                  return (
                    <div key={c.line.itemId} className="flex justify-between gap-3">
                      <dt className="min-w-0">
                        {t(w.summaryLine, { count: c.quantity, title: c.line.title })}
                        {o ? (
                          <span className="block text-ink/80">
                            {t(w.exchangeLine, { from: c.line.variantTitle ?? '', to: o.title })}
                          </span>
                        ) : null}
                      </dt>
                      <dd className="whitespace-nowrap">{d === undefined ? '–' : signedPaise(d)}</dd>
                    </div>
                  )
                })}
                <div className="flex justify-between gap-3 border-t border-ink/10 pt-1 text-base font-bold">
                  <dt>
                    {t(
                      difference > 0
                        ? w.exchangeYouPay
                        : difference < 0
                          ? w.exchangeComesBack
                          : w.exchangeDifference,
                    )}
                  </dt>
                  <dd className="whitespace-nowrap" data-testid="return-estimate">
                    {formatPaise(Math.abs(difference))}
                  </dd>
                </div>
              </dl>
              {difference < 0 ? (
                <p className="mt-1 font-medium">
                  {t(!options.needsRefundTo ? w.toSource : refundKind === 'upi' ? w.toUpi : w.toBank)}
                </p>
              ) : null}
              <p className="text-ink/80">{t(w.exchangeConfirmedLater)}</p>
            </>
          ) : (
            <p className="mt-1 text-ink/80">{t(w.chooseItems)}</p>
          )
        ) : money ? (
          <dl className="mt-2 space-y-1">
            {chosen.map((c) => (
              <div key={c.line.itemId} className="flex justify-between gap-3">
                <dt className="min-w-0">{t(w.summaryLine, { count: c.quantity, title: c.line.title })}</dt>
                <dd className="whitespace-nowrap">
                  {formatPaise(money.lines.find((l) => l.itemId === c.line.itemId)?.amount ?? 0)}
                </dd>
              </div>
            ))}
            {money.restockingFee > 0 ? (
              <div className="flex justify-between gap-3">
                <dt>{t(w.restockingFee)}</dt>
                <dd className="whitespace-nowrap">−{formatPaise(money.restockingFee)}</dd>
              </div>
            ) : null}
            {money.chargesRefunded > 0 ? (
              <div className="flex justify-between gap-3">
                <dt>{t(w.chargesBack)}</dt>
                <dd className="whitespace-nowrap">{formatPaise(money.chargesRefunded)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-3 border-t border-ink/10 pt-1 text-base font-bold">
              <dt>{t(w.refundTotal)}</dt>
              <dd className="whitespace-nowrap" data-testid="return-estimate">
                {formatPaise(money.refundAmount)}
              </dd>
            </div>
          </dl>
        ) : null}
        {exchange ? null : money ? (
          <>
            <p className="mt-1 font-medium">
              {t(
                resolution === 'credit'
                  ? w.toCredit
                  : !options.needsRefundTo
                    ? w.toSource
                    : refundKind === 'upi'
                      ? w.toUpi
                      : w.toBank,
              )}
            </p>
            <p className="text-ink/80">{t(w.confirmedLater)}</p>
          </>
        ) : (
          <p className="mt-1 text-ink/80">{t(w.chooseItems)}</p>
        )}
      </section>

      {shownProblem ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {shownProblem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={sending.isPending || photosBusy}
          aria-busy={sending.isPending}
          className="min-h-11 rounded bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {sending.isPending ? t('Sending…') : t(w.submit)}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 rounded px-4 font-semibold text-brand-700 ring-1 ring-brand-200"
        >
          {t('Cancel')}
        </button>
      </div>
    </form>
  )
}
