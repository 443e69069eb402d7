import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

/**
 * An answer written while the request body is still arriving (a 413, an upload refused on its declared
 * size, a 401 before an upload is read) is lost to most clients if the connection then closes with bytes
 * unread: the reset can overtake the answer, and curl or a client that writes before it reads sees only a
 * broken pipe. So the rest of the body is read and thrown away first, up to a bound (docs/decisions/111).
 */
const discardMaxBytes = 64 * 1024 * 1024
const discardMaxMs = 30_000

/** Reads and drops what is left of a request body; false when the bound was reached first. */
function discardBody(
  raw: IncomingMessage,
  limits = { maxBytes: discardMaxBytes, maxMs: discardMaxMs },
): Promise<boolean> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve(true)
  return new Promise((resolve) => {
    let received = 0
    const stop = (drained: boolean) => {
      clearTimeout(timer)
      raw.off('data', onData)
      raw.off('end', onEnd)
      raw.off('error', onEnd)
      raw.off('close', onEnd)
      // Past the bound nothing more is read; the answer goes out with the connection closed after it.
      if (!drained) raw.pause()
      resolve(drained)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > limits.maxBytes) stop(false)
    }
    const onEnd = () => stop(true)
    const timer = setTimeout(() => stop(false), limits.maxMs)
    // A multipart parser that gave up may still be piped to the request and would hold it back.
    raw.unpipe()
    raw.on('data', onData)
    raw.once('end', onEnd)
    raw.once('error', onEnd)
    raw.once('close', onEnd)
    raw.resume()
  })
}

export function registerBodyDiscarding(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (await discardBody(request.raw)) return payload
    reply.header('connection', 'close')
    // Once the answer has been written the socket goes, whatever the client is still sending.
    reply.raw.once('finish', () => request.raw.socket?.destroy())
    return payload
  })
}
