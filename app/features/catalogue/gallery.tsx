import { useState } from 'react'
import { imageAt, imageSrcSet } from '../../../contracts/images.ts'
import { ChevronLeft, ChevronRight } from '../../components/icons.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { visibleThumbnails } from '../../lib/catalogue-messages.ts'

/** The main picture with a strip of thumbnails, 4 visible at a time, that pages with arrows. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const t = useT()
  const [current, setCurrent] = useState(0)
  const [first, setFirst] = useState(0)
  const main = images[current]
  const lastStart = Math.max(0, images.length - visibleThumbnails)
  const shown = images.slice(first, first + visibleThumbnails)
  return (
    <div className="flex flex-col gap-3" data-testid="gallery">
      {/* 4:3 on phones, the whole picture shown, so the price and Add To Cart still fit the first screen. */}
      <div className="aspect-[4/3] overflow-hidden rounded-xl bg-white ring-1 ring-brand-100 sm:aspect-square">
        {main ? (
          <img
            src={imageAt(main, 800)}
            srcSet={imageSrcSet(main)}
            sizes="(max-width: 768px) 100vw, 50vw"
            alt={
              current === 0
                ? title
                : t('{title} ({n} of {count})', { title, n: current + 1, count: images.length })
            }
            width={800}
            height={800}
            fetchPriority={current === 0 ? 'high' : undefined}
            className="h-full w-full object-contain sm:object-cover"
          />
        ) : null}
      </div>
      {images.length > 1 ? (
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-label={t('Previous pictures')}
            disabled={first === 0}
            onClick={() => setFirst((f) => Math.max(0, f - 1))}
            className="rounded-full p-1 text-brand-800 disabled:opacity-30"
          >
            <ChevronLeft />
          </button>
          <ul className="grid flex-1 grid-cols-4 gap-2" data-testid="thumbnails">
            {shown.map((url, i) => {
              const index = first + i
              return (
                <li key={url}>
                  <button
                    type="button"
                    onClick={() => setCurrent(index)}
                    aria-label={t('Show view {n}', { n: index + 1 })}
                    aria-current={index === current}
                    className={`block aspect-square w-full overflow-hidden rounded-md ring-2 ${index === current ? 'ring-brand-600' : 'ring-transparent'}`}
                  >
                    <img
                      src={imageAt(url, 200)}
                      alt=""
                      width={200}
                      height={200}
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  </button>
                </li>
              )
            })}
          </ul>
          <button
            type="button"
            aria-label={t('Next pictures')}
            disabled={first >= lastStart}
            onClick={() => setFirst((f) => Math.min(lastStart, f + 1))}
            className="rounded-full p-1 text-brand-800 disabled:opacity-30"
          >
            <ChevronRight />
          </button>
        </div>
      ) : null}
    </div>
  )
}
