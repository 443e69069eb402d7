import type { OwnReview, ReviewInput, ReviewStanding } from '../../../contracts/reviews.ts'
import { api } from '../../lib/api.ts'

export const standingKey = (productId: string) => ['review-standing', productId] as const

export const fetchStanding = (productId: string) =>
  api<{ data: ReviewStanding }>(`/reviews/mine/${encodeURIComponent(productId)}`, { auth: true }).then(
    (r) => r.data,
  )

type Saved = { data: OwnReview; message: string }

export const writeReview = (productId: string, input: ReviewInput) =>
  api<Saved>('/reviews', { method: 'POST', body: { productId, ...input }, auth: true })

export const editReview = (id: string, input: ReviewInput) =>
  api<Saved>(`/reviews/${encodeURIComponent(id)}`, { method: 'PUT', body: input, auth: true })

export function addPhotos(id: string, files: File[]) {
  const form = new FormData()
  for (const f of files) form.append('photo', f)
  return api<Saved>(`/reviews/${encodeURIComponent(id)}/photos`, { method: 'POST', body: form, auth: true })
}

export const removePhoto = (id: string, place: number) =>
  api<Saved>(`/reviews/${encodeURIComponent(id)}/photos/${place}`, { method: 'DELETE', auth: true })

export const markHelpful = (id: string) =>
  api<{ data: { helpful: number }; message: string }>(`/reviews/${encodeURIComponent(id)}/helpful`, {
    method: 'POST',
    auth: true,
  })
