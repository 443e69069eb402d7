import { UserIcon } from '../../components/icons.tsx'

/** The customer's picture, or a neutral placeholder when none is set. */
// Sizes as classes: the content security policy blocks inline styles.
const sizeClass = { 56: 'h-14 w-14', 64: 'h-16 w-16', 88: 'h-22 w-22' } as const

export function Avatar({
  src,
  size = 64,
  name,
}: {
  src?: string | null
  size?: keyof typeof sizeClass
  name: string
}) {
  if (src) {
    return (
      <img
        src={src}
        alt={name}
        width={size}
        height={size}
        className={`${sizeClass[size]} shrink-0 rounded-full border-2 border-brand-200 bg-white object-cover`}
      />
    )
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={`${sizeClass[size]} flex shrink-0 items-center justify-center rounded-full border-2 border-brand-200 bg-brand-100 text-brand-700`}
    >
      <UserIcon width={size / 2} height={size / 2} />
    </span>
  )
}
