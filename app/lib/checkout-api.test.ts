import { afterEach, describe, expect, it, vi } from 'vitest'
import { postOrder } from './checkout-api.ts'
import { checkoutMessages } from './checkout-messages.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const answer = (status: number, statusText: string, body: string, type = 'text/html') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, statusText, headers: { 'content-type': type } })),
  )

describe('a refused order, as the checkout words it', () => {
  it('names the status once when the answer has no message of its own', async () => {
    answer(500, 'Internal Server Error', '<h1>Internal Server Error</h1>')
    const res = await postOrder({} as never, 'key')
    expect(res).toEqual({ ok: false, status: 500, text: 'Internal Server Error' })
    if (res.ok) return
    expect(checkoutMessages.orderFailed(res.status, res.text)).toBe(
      'Failed to create order: 500 Internal Server Error',
    )
  })

  it('gives the server’s own message when it sent one', async () => {
    answer(
      409,
      'Conflict',
      JSON.stringify({ success: false, message: 'Only 1 left of Kantha Stole.' }),
      'application/json',
    )
    const res = await postOrder({} as never, 'key')
    expect(res).toEqual({ ok: false, status: 409, text: 'Only 1 left of Kantha Stole.' })
  })
})
