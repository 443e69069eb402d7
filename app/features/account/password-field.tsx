import { useId, useState } from 'react'
import { EyeIcon } from '../../components/icons.tsx'
import { useT } from '../../i18n/i18n.tsx'

export const fieldClass =
  'w-full rounded border border-brand-200 bg-white px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none'

/** The e-mail input of the sign-in, sign-up and forgotten-password forms. */
export function EmailField(props: {
  id: string
  value: string
  onChange: (value: string) => void
  required?: boolean
}) {
  const t = useT()
  return (
    <div className="grid gap-1">
      <label htmlFor={props.id} className="text-sm font-medium">
        {t('Email')}
      </label>
      <input
        id={props.id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required={props.required}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={fieldClass}
      />
    </div>
  )
}

const EyeOffIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden
  >
    <path d="M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-3 3.5M6.5 7.6C4.3 9.1 3 12 3 12s4 6 9 6a9 9 0 0 0 4-.9" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
)

/** A password input with a show/hide toggle (spec section 2). */
export function PasswordField(props: {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  autoComplete: 'current-password' | 'new-password'
  required?: boolean
}) {
  const t = useT()
  const [shown, setShown] = useState(false)
  const id = useId()
  const field = props.label.toLowerCase()
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={props.name}
          type={shown ? 'text' : 'password'}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          autoComplete={props.autoComplete}
          required={props.required}
          className={`${fieldClass} pr-12`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('Hide {field}', { field }) : t('Show {field}', { field })}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-brand-800"
        >
          {shown ? <EyeOffIcon /> : <EyeIcon width={20} height={20} />}
        </button>
      </div>
    </div>
  )
}
