import { describe, expect, it } from 'vitest'
import { rateLimitKey } from './rate-limit-store.ts'

describe('the rate limit key', () => {
  it("is the request's address", () => {
    expect(rateLimitKey({ ip: '203.0.113.9' })).toBe('203.0.113.9')
  })

  it('counts a request whose connection already closed under a key of its own instead of throwing', () => {
    // Node drops the address with the socket: the limiter's own key read `ip.toLowerCase()` and threw.
    expect(rateLimitKey({ ip: undefined })).toBe('connection-closed')
  })
})
