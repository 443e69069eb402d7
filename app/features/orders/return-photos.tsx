import { useEffect, useRef, useState } from 'react'
import { photoMaxBytes, photoTooLargeMessage } from '../../../contracts/images.ts'
import { returnPhotoLimit, returnText } from '../../../contracts/return-requests.ts'
import { useT } from '../../i18n/i18n.tsx'
import { returnWords as w } from './return-messages.ts'

export type ChosenPhoto = { file: File; url: string }

const accepted = ['image/jpeg', 'image/png', 'image/webp']
// A phone camera's 12-megapixel JPEG is 3–8 MB: sent at 2000 px it is a few hundred KB on a slow link,
// and still shows the damage (the server re-encodes it anyway).
const longestSide = 2000
const smallEnough = 1.5 * 1024 * 1024

/** The photo made smaller on the phone when it is large (or in a format the server does not take, like HEIC). */
async function shrink(file: File): Promise<File> {
  if (file.size <= smallEnough && accepted.includes(file.type)) return file
  try {
    const bitmap = await createImageBitmap(file)
    const scale = Math.min(1, longestSide / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(bitmap.width * scale)
    canvas.height = Math.round(bitmap.height * scale)
    const context = canvas.getContext('2d')
    if (!context) return file
    // A transparent PNG would turn black as a JPEG.
    context.fillStyle = '#fff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85))
    if (!blob || (blob.size >= file.size && accepted.includes(file.type))) return file
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' })
  } catch {
    // The browser cannot read it: sent as it is, the checks below say what is wrong with it.
    return file
  }
}

/**
 * Up to three photos with thumbnails and Remove. `accept="image/*"` without `capture`: a phone offers its
 * camera and its gallery both (with `capture` it would offer only the camera).
 */
export function ReturnPhotos({
  id,
  photos,
  onChange,
  needed,
  error,
  onBusy,
}: {
  id: string
  photos: ChosenPhoto[]
  onChange: (photos: ChosenPhoto[]) => void
  needed: boolean
  error: string | undefined
  onBusy: (busy: boolean) => void
}) {
  const t = useT()
  const [problem, setProblem] = useState<string | null>(null)
  const [preparing, setPreparing] = useState(false)
  // The latest list, for the thumbnails' clean-up when the form goes.
  const latest = useRef(photos)
  latest.current = photos
  useEffect(
    () => () => {
      for (const p of latest.current) URL.revokeObjectURL(p.url)
    },
    [],
  )
  const room = returnPhotoLimit - photos.length

  async function pick(input: HTMLInputElement) {
    const chosen = [...(input.files ?? [])]
    // Cleared, so the same photo may be chosen again after it was removed.
    input.value = ''
    if (chosen.length === 0) return
    if (chosen.length > room) {
      setProblem(t(returnText.tooManyPhotos))
      return
    }
    setPreparing(true)
    onBusy(true)
    try {
      const ready = await Promise.all(chosen.map(shrink))
      const wrong = ready.find((f) => !accepted.includes(f.type))
      if (wrong) return setProblem(t(w.photoType, { name: wrong.name }))
      const big = ready.find((f) => f.size > photoMaxBytes)
      if (big) return setProblem(photoTooLargeMessage({ bytes: big.size, name: big.name }))
      setProblem(null)
      onChange([...latest.current, ...ready.map((file) => ({ file, url: URL.createObjectURL(file) }))])
    } finally {
      setPreparing(false)
      onBusy(false)
    }
  }

  const remove = (place: number) => {
    const gone = photos[place]
    if (gone) URL.revokeObjectURL(gone.url)
    onChange(photos.filter((_, i) => i !== place))
    setProblem(null)
  }

  const shown = problem ?? error
  return (
    <fieldset aria-describedby={`${id}-photo-hint${shown ? ` ${id}-photo-error` : ''}`}>
      <legend className="text-base font-semibold">{t(w.photosLegend)}</legend>
      <p id={`${id}-photo-hint`} className="text-sm text-ink/80">
        {t(needed ? w.photosNeededHint : w.photosOptionalHint)}
      </p>
      {photos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-3">
          {photos.map((p, i) => (
            <li key={p.url} className="flex flex-col items-center gap-1">
              <img
                src={p.url}
                alt={t(w.photoAlt, { place: i + 1, count: photos.length })}
                width={80}
                height={80}
                className="h-20 w-20 rounded object-cover"
              />
              <button
                type="button"
                onClick={() => remove(i)}
                className="min-h-11 px-2 text-sm text-red-800 underline"
              >
                {t('Remove photo {place}', { place: i + 1 })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <div className="mt-2">
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/*"
            multiple
            aria-invalid={shown ? true : undefined}
            onChange={(e) => void pick(e.currentTarget)}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-photo`}
            className="inline-flex min-h-11 cursor-pointer items-center rounded border border-brand-700 px-4 font-semibold text-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-saffron hover:bg-brand-50"
          >
            {t(w.addPhoto)}
          </label>
        </div>
      ) : null}
      {preparing ? (
        <p role="status" className="mt-1 text-sm">
          {t(w.preparingPhoto)}
        </p>
      ) : null}
      {shown ? (
        <p id={`${id}-photo-error`} className="mt-1 text-sm font-semibold text-red-800">
          {t(shown)}
        </p>
      ) : null}
    </fieldset>
  )
}
