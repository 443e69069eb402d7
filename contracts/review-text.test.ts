import { describe, expect, it } from 'vitest'
import { reviewLimits, reviewText } from './review-text.ts'

describe('review texts', () => {
  it('name the photo limit the API enforces', () => {
    expect(reviewText.tooManyPhotos).toContain(`at most ${reviewLimits.maxPhotos} photos`)
  })
})
