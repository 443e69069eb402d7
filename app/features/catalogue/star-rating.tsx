import { StarIcon } from '../../components/icons.tsx'

/** Read-only stars, e.g. 4 of 5; the label carries the value for screen readers. */
export function StarRating({ value, size = 16, label }: { value: number; size?: number; label?: string }) {
  return (
    <span
      className="inline-flex items-center gap-0.5 text-saffron"
      role="img"
      aria-label={label ?? `${value} of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon
          key={n}
          width={size}
          height={size}
          filled={n <= value}
          className={n <= value ? '' : 'text-ink/30'}
        />
      ))}
    </span>
  )
}
