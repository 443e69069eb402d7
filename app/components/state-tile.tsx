import { Link } from 'react-router'
import { imageAt, imageSrcSet } from '../../contracts/images.ts'
import { MapPinIcon } from './icons.tsx'

/**
 * A state's own picture linking to its products; scrolls to the top as the spec's cards do. A state
 * without a picture shows a plain tile, never another state's picture (decision 095). `label` is its name
 * in the reader's language; the English `name` is the address (decision 097).
 */
export function StateTile({
  name,
  label = name,
  image,
  eager,
}: {
  name: string
  label?: string
  image: string | null
  eager?: boolean
}) {
  return (
    <Link
      to={`/StateProduct/${encodeURIComponent(name)}`}
      onClick={() => window.scrollTo({ top: 0 })}
      className="group relative block overflow-hidden rounded-xl bg-brand-100 shadow-sm ring-1 ring-brand-100"
    >
      {image ? (
        <img
          src={imageAt(image, 400)}
          srcSet={imageSrcSet(image)}
          sizes="(max-width: 640px) 100vw, 400px"
          alt=""
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] w-full object-cover transition duration-300 group-hover:scale-105"
        />
      ) : (
        <div
          data-testid="state-placeholder"
          className="flex aspect-[4/3] items-start justify-center bg-gradient-to-b from-brand-50 to-brand-100 pt-[18%] text-brand-300"
        >
          <MapPinIcon width={56} height={56} strokeWidth={1.2} />
        </div>
      )}
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/85 to-transparent px-4 pt-10 pb-3 font-serif text-xl font-bold text-white">
        {label}
      </span>
    </Link>
  )
}
