import { Link } from 'react-router'
import { imageAt, imageSrcSet } from '../../../contracts/images.ts'

/** A state picture linking to its products; scrolls to the top as the spec's cards do. */
export function StateTile({
  name,
  src,
  alt,
  eager,
}: {
  name: string
  src?: string
  alt: string
  eager?: boolean
}) {
  return (
    <Link
      to={`/StateProduct/${encodeURIComponent(name)}`}
      onClick={() => window.scrollTo({ top: 0 })}
      className="group relative block overflow-hidden rounded-xl bg-brand-100 shadow-sm ring-1 ring-brand-100"
    >
      {src ? (
        <img
          src={imageAt(src, 400)}
          srcSet={imageSrcSet(src)}
          sizes="(max-width: 640px) 100vw, 400px"
          alt={alt}
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] w-full object-cover transition duration-300 group-hover:scale-105"
        />
      ) : (
        <div className="aspect-[4/3]" />
      )}
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/85 to-transparent px-4 pt-10 pb-3 font-serif text-xl font-bold text-white">
        {name}
      </span>
    </Link>
  )
}
