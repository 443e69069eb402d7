import { describe, expect, it } from 'vitest'
import {
  imageAt,
  imageSrcSet,
  megabytes,
  photoTooLargeMessage,
  pictureKinds,
  pictureSizes,
  referenceWidth,
  responsiveImage,
  uploadTooLargeMessage,
} from './images.ts'

const filesOf = (srcset: string | undefined) => (srcset ?? '').split(', ').map((c) => c.split(' ')[0])

describe('picture sizes', () => {
  it('gives every kind the reference width the API points at', () => {
    for (const kind of pictureKinds) expect(pictureSizes[kind]).toContain(referenceWidth)
  })

  it('lists in a srcset exactly the widths made for the kind', () => {
    expect(imageSrcSet('/uploads/sliders/abc-800.webp')).toBe(
      '/uploads/sliders/abc-200.webp 200w, /uploads/sliders/abc-400.webp 400w, /uploads/sliders/abc-800.webp 800w, ' +
        '/uploads/sliders/abc-1200.webp 1200w, /uploads/sliders/abc-1600.webp 1600w',
    )
    expect(filesOf(imageSrcSet('/uploads/products/p1/2-800.webp'))).toEqual([
      '/uploads/products/p1/2-200.webp',
      '/uploads/products/p1/2-400.webp',
      '/uploads/products/p1/2-800.webp',
    ])
  })

  it('reads a picture from any of its sizes', () => {
    expect(imageSrcSet('/uploads/banners/1-1600.webp')).toBe(imageSrcSet('/uploads/banners/1-800.webp'))
  })

  it('asks only for a made size: the smallest at least as wide as the box, else the largest', () => {
    expect(imageAt('/uploads/temples/t-800.webp', 400)).toBe('/uploads/temples/t-400.webp')
    expect(imageAt('/uploads/temples/t-800.webp', 1000)).toBe('/uploads/temples/t-1200.webp')
    expect(imageAt('/uploads/products/p/1-800.webp', 1600)).toBe('/uploads/products/p/1-800.webp')
    expect(imageAt('/uploads/categories/c-800.webp', 300)).toBe('/uploads/categories/c-400.webp')
  })

  it('leaves other addresses alone, with no srcset', () => {
    for (const url of [
      '/media/page-banner.webp',
      'https://example.in/pic-800.webp',
      '/uploads/unknown/x-800.webp',
      '/uploads/products/p/1-1600.webp',
      '/uploads/sliders/../secret-800.webp',
    ]) {
      expect(imageSrcSet(url), url).toBeUndefined()
      expect(imageAt(url, 400), url).toBe(url)
    }
    expect(responsiveImage(null)).toEqual({ src: undefined, srcSet: undefined })
  })
})

describe('too-large photo messages', () => {
  it('name the size in MB, the limit and what to do', () => {
    expect(megabytes(Math.round(16.8 * 1024 * 1024))).toBe('16.8 MB')
    expect(megabytes(8 * 1024 * 1024)).toBe('8 MB')
    expect(photoTooLargeMessage({ bytes: Math.round(16.8 * 1024 * 1024) })).toBe(
      'This photo is 16.8 MB; the largest photo the shop takes is 8 MB. Make it smaller (for example, export it at 2000 pixels wide) and try again.',
    )
    expect(photoTooLargeMessage({ name: 'gate.jpg' })).toBe(
      'The photo gate.jpg is larger than 8 MB, the largest photo the shop takes. Make it smaller (for example, export it at 2000 pixels wide) and try again.',
    )
    expect(uploadTooLargeMessage()).toMatch(/^The shop takes at most 25 MB at a time and 8 MB per photo\. /)
  })
})
