import { useId } from 'react'
import { Link, useLocation } from 'react-router'
import type { ProductOption, ProductVariant } from '../../../contracts/catalogue.ts'
import { useT } from '../../i18n/i18n.tsx'
import { variantText } from './messages.ts'
import { optionViews, variantHref } from './variant-choice.ts'

/** Arrow keys move along a radio group and choose, as in any radio group; the space bar chooses too. */
function onRadioKeys(e: React.KeyboardEvent<HTMLDivElement>) {
  const target = e.target as HTMLElement
  if (target.getAttribute('role') !== 'radio') return
  if (e.key === ' ') {
    e.preventDefault()
    target.click()
    return
  }
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key]
  if (!step) return
  const radios = [...e.currentTarget.querySelectorAll<HTMLElement>('a[role="radio"]')]
  const at = radios.indexOf(target)
  if (at < 0 || radios.length < 2) return
  e.preventDefault()
  const next = radios[(at + step + radios.length) % radios.length]!
  next.focus()
  next.click()
}

/**
 * A product's options, each a radio group of its values (decision 129). Each value is a link to this page
 * with `?variant=` of the variant a tap on it picks, so a tap before the page's code has come still chooses
 * (the server renders that variant); once the code runs, the router only changes the address, in place, and
 * the product is not fetched again (the route's shouldRevalidate). A value that the other choices leave
 * without a variant, or with only sold-out ones, is struck through and can still be chosen, to see it.
 */
export function VariantPicker({
  options,
  variants,
  chosen,
}: {
  options: ProductOption[]
  variants: ProductVariant[]
  chosen: ProductVariant
}) {
  const t = useT()
  const id = useId()
  const { pathname, search } = useLocation()
  return (
    <div className="grid gap-3" data-testid="variant-picker">
      {optionViews(options, variants, chosen).map((option, i) => (
        <div
          key={option.name}
          role="radiogroup"
          aria-labelledby={`${id}-${i}`}
          onKeyDown={onRadioKeys}
          data-testid="variant-option"
        >
          <p className="mb-1.5 text-sm">
            <span id={`${id}-${i}`} className="font-semibold text-brand-800">
              {option.name}
            </span>
            {option.chosen ? <span aria-hidden="true">: {option.chosen}</span> : null}
          </p>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const struck = value.stock !== 'inStock'
              const look = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border-2 px-3.5 text-sm font-semibold ${
                value.chosen
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : struck
                    ? 'border-dashed border-ink/30 bg-ink/5 text-ink/60 hover:border-brand-600'
                    : 'border-brand-200 bg-white text-ink hover:border-brand-600'
              } ${struck ? 'line-through decoration-2' : ''}`
              const content = (
                <>
                  {value.value}
                  {struck ? (
                    <span className="sr-only">
                      {' '}
                      ({t(value.stock === 'soldOut' ? variantText.soldOut : variantText.notAvailable)})
                    </span>
                  ) : null}
                </>
              )
              return value.variant ? (
                <Link
                  key={value.value}
                  to={variantHref(pathname, search, value.variant._id)}
                  replace
                  preventScrollReset
                  role="radio"
                  aria-checked={value.chosen}
                  data-stock={value.stock}
                  className={look}
                >
                  {content}
                </Link>
              ) : (
                // No variant has this value at all: nothing to show, so it cannot be chosen.
                <span
                  key={value.value}
                  role="radio"
                  aria-checked={false}
                  aria-disabled="true"
                  tabIndex={-1}
                  data-stock={value.stock}
                  className={`${look} cursor-not-allowed`}
                >
                  {content}
                </span>
              )
            })}
          </div>
        </div>
      ))}
    </div>
  )
}
