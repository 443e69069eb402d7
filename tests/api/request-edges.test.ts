import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRenderingTestApp, type TestApp } from '../support/test-app.ts'

// Methods no page or route takes (decision 061): a 405 with Allow in the shop's shape, never a 500.
let app: TestApp
let port: number
beforeAll(async () => {
  app = await createRenderingTestApp()
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as net.AddressInfo).port
}, 180_000)
afterAll(() => app?.cleanup())

/** One request written by hand on a fresh connection, and the whole answer as text. */
function rawRequest(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')))
    socket.on('data', (d) => {
      answer += d.toString()
    })
    socket.on('end', () => resolve(answer))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
    socket.write(head)
  })
}

const parsed = (answer: string) => {
  const [head = '', body = ''] = answer.split('\r\n\r\n')
  const [status = '', ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  )
  return { status: Number(status.split(' ')[1]), headers, body: JSON.parse(body) }
}

describe('methods nothing takes', () => {
  it('TRACE, CONNECT and other methods on a page answer 405 with Allow and a message', async () => {
    for (const method of ['TRACE', 'CONNECT', 'PROPFIND', 'SEARCH'] as const)
      for (const url of ['/', '/product/Handloom', '/Support']) {
        const res = await app.inject({ method, url, headers: { accept: 'text/html' } })
        expect(res.statusCode, `${method} ${url}`).toBe(405)
        expect(res.headers.allow).toBe('GET, HEAD, OPTIONS')
        expect(res.json()).toEqual({
          success: false,
          message: `${method} is not allowed here. Use GET, HEAD, OPTIONS.`,
        })
      }
  })

  it('on an API path they answer 405 with what the path takes, or 404 where there is no endpoint', async () => {
    const res = await app.inject({ method: 'TRACE', url: '/api/v1/user/login' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('POST, OPTIONS')
    expect(res.json()).toEqual({ success: false, message: 'TRACE is not allowed here. Use POST, OPTIONS.' })
    const other = await app.inject({ method: 'PROPFIND', url: '/api/v1/category/allcategory' })
    expect(other.statusCode).toBe(405)
    expect(other.headers.allow).toBe('GET, HEAD, OPTIONS')
    const none = await app.inject({ method: 'TRACE', url: '/api/v1/nothing-here' })
    expect(none.statusCode).toBe(404)
    expect(none.json()).toEqual({ success: false, message: 'No such endpoint: TRACE /api/v1/nothing-here' })
  })

  it('over the wire too: TRACE, a CONNECT and a method HTTP does not know', async () => {
    const trace = parsed(
      await rawRequest('TRACE /product/Handloom HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'),
    )
    expect(trace.status).toBe(405)
    expect(trace.headers.allow).toBe('GET, HEAD, OPTIONS')
    expect(trace.body).toMatchObject({ success: false, message: expect.stringContaining('not allowed') })
    const connect = parsed(
      await rawRequest('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
    )
    expect(connect.status).toBe(405)
    expect(connect.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
    expect(connect.body).toEqual({
      success: false,
      message: 'CONNECT is not allowed here. Use GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.',
    })
    const unknown = parsed(await rawRequest('BREW /pot HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'))
    expect(unknown.status).toBe(405)
    expect(unknown.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
    expect(unknown.body.success).toBe(false)
    // The page still renders for the methods it takes.
    const page = await fetch(`http://127.0.0.1:${port}/Support`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('</html>')
  })
})
