import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type Received = ParsedMail & { envelopeTo: string[] }

/**
 * A real SMTP server on a free local port for the tests: it keeps what arrives (parsed), or answers every
 * message with an error (`reject`) to play a broken mail server.
 */
export async function startTestSmtp(
  opts: { reject?: { code: number; message: string }; stall?: boolean } = {},
) {
  const received: Received[] = []
  let reject = opts.reject
  // A stalled server takes the message and never answers: the sender waits mid-delivery.
  let stalled = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'shop' })
    },
    onData(stream, session, callback) {
      if (opts.stall) {
        stalled++
        stream.resume()
        return
      }
      if (reject) {
        stream.resume()
        const err = Object.assign(new Error(reject.message), { responseCode: reject.code })
        stream.on('end', () => callback(err))
        return
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }))
          callback()
        })
        .catch(callback)
    },
  })
  // A sender killed mid-conversation resets its connection (ECONNRESET): the server keeps serving the
  // others, as a real one does, instead of throwing the socket's error out of the test run.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    url: `smtp://shop:secret@127.0.0.1:${port}`,
    received,
    /** How many messages a stalled server is holding without an answer. */
    stalled: () => stalled,
    /** Messages that arrived for one recipient. */
    to: (address: string) =>
      received.filter((m) => m.envelopeTo.includes(address.toLowerCase()) || m.envelopeTo.includes(address)),
    setReject(next?: { code: number; message: string }) {
      reject = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Drops open connections too (a stalled one would keep `close` waiting). */
    destroy: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const c of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? [])
          c.close()
      }),
  }
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>

/** The first link in a mail's plain text that starts with `prefix`. */
export function linkIn(mail: { text?: string }, prefix: string): string {
  const found = (mail.text ?? '').match(
    new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s\\])>]+`),
  )
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`)
  return found[0]
}
