/**
 * The shop's logo drawn inline (the same drawing as public/logo.svg, which stays as the favicon), so it
 * comes with the first paint instead of as a late request on slow data. Decorative: its link is labelled.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={className}
      width="40"
      height="40"
    >
      <circle cx="32" cy="32" r="31" fill="#fdf6ee" stroke="#8a3417" strokeWidth="2" />
      <path
        d="M14 40c6-10 12-15 18-15s12 5 18 15"
        fill="none"
        stroke="#8a3417"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path
        d="M18 40v8M26 33v15M32 31v17M38 33v15M46 40v8"
        stroke="#c2571a"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="32" cy="17" r="5" fill="#f4a300" />
      <path d="M10 48h44" stroke="#2f6b3a" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
