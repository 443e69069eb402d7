import { Link } from 'react-router'
import { msg } from '../../../contracts/languages.ts'
import { useT } from '../../i18n/i18n.tsx'
import { Rich } from '../../i18n/rich.tsx'

/** The frame of the sign-in and registration screens. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-center font-serif text-2xl font-bold text-brand-800 sm:text-3xl">{title}</h1>
        {children}
      </div>
    </section>
  )
}

export function FormMessage({ error, success }: { error?: string; success?: string }) {
  return (
    <>
      <p role="alert" className="min-h-0 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
      <p role="status" className="min-h-0 text-sm font-medium text-leaf empty:hidden">
        {success}
      </p>
    </>
  )
}

/** Social sign-in buttons the spec shows but does not wire. */
export function SocialButtons() {
  const cls =
    'flex flex-1 items-center justify-center gap-2 rounded border border-brand-200 bg-white px-3 py-2.5 text-sm font-medium hover:bg-brand-50'
  return (
    <div className="flex gap-3">
      <button type="button" className={cls}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden>
          <path
            fill="#4285F4"
            d="M22 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.6a4.8 4.8 0 0 1-2.1 3.1v2.6h3.4c2-1.8 3.1-4.5 3.1-7.5z"
          />
          <path
            fill="#34A853"
            d="M12 22c2.8 0 5.2-.9 6.9-2.5l-3.4-2.6c-.9.6-2.1 1-3.5 1-2.7 0-5-1.8-5.8-4.3H2.7v2.7A10 10 0 0 0 12 22z"
          />
          <path fill="#FBBC05" d="M6.2 13.6a6 6 0 0 1 0-3.8V7.1H2.7a10 10 0 0 0 0 9.2z" />
          <path
            fill="#EA4335"
            d="M12 6c1.5 0 2.9.5 4 1.5l3-3A10 10 0 0 0 2.7 7.1l3.5 2.7C7 7.8 9.3 6 12 6z"
          />
        </svg>
        Google
      </button>
      <button type="button" className={cls}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden fill="currentColor">
          <path d="M16.4 12.6c0-2.5 2-3.6 2.1-3.7a4.6 4.6 0 0 0-3.6-2c-1.5-.2-3 .9-3.7.9s-2-.9-3.2-.8a4.8 4.8 0 0 0-4 2.5c-1.7 3-.4 7.3 1.2 9.7.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.2.8 2.1-1.2 2.9-2.4a10 10 0 0 0 1.3-2.7 4.2 4.2 0 0 1-2.3-3.9zM14 5.2A4.3 4.3 0 0 0 15 2a4.4 4.4 0 0 0-2.9 1.5 4.1 4.1 0 0 0-1 3.1c1.1 0 2.2-.6 2.9-1.4z" />
        </svg>
        Apple
      </button>
    </div>
  )
}

export const primaryButton =
  'w-full rounded bg-brand-700 px-6 py-3 font-semibold tracking-wide text-white uppercase hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70'

/** The terms box of a new account, by e-mail or by mobile number. */
export function TermsCheckbox({
  checked,
  onChange,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const t = useT()
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        name="terms"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-5 w-5 accent-brand-700"
      />
      <span>
        <Rich
          message={msg('I agree to the {terms}')}
          parts={{
            terms: (
              <a href="/TermsCondition" target="_blank" rel="noreferrer" className="text-brand-700 underline">
                {t('Terms and Conditions')}
              </a>
            ),
          }}
        />
      </span>
    </label>
  )
}

/** 'Continue with mobile number' (decision 141), keeping the page to come back to. */
export function MobileSignInLink({ next, className = '' }: { next: string; className?: string }) {
  const t = useT()
  return (
    <Link
      to={next === '/' ? '/Login/mobile' : `/Login/mobile?next=${encodeURIComponent(next)}`}
      className={`flex w-full items-center justify-center gap-2 rounded border border-brand-200 bg-white px-3 py-2.5 text-sm font-medium hover:bg-brand-50 ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <rect x="6" y="2" width="12" height="20" rx="2" />
        <path d="M11 18h2" />
      </svg>
      {t('Continue with mobile number')}
    </Link>
  )
}
