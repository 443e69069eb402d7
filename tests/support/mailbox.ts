import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { startTestSmtp } from './smtp.ts'

/**
 * The browser tests' mail server: a real SMTP server the shop sends to, and a small HTTP reader on
 * another port where a test reads what one address received (as its owner would in their mailbox).
 * Account mails' links reach only the recipient (decision 109), so this is where the tests find them.
 */
export async function startMailbox(httpPort: number) {
  const smtp = await startTestSmtp()
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox')
    const to = url.searchParams.get('to')?.toLowerCase()
    if (url.pathname !== '/messages' || !to) {
      res.writeHead(404).end()
      return
    }
    const messages = smtp.to(to).map((m) => ({
      subject: m.subject ?? '',
      text: m.text ?? '',
      html: typeof m.html === 'string' ? m.html : '',
      date: m.date?.toISOString() ?? null,
    }))
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages))
  })
  await new Promise<void>((resolve) => server.listen(httpPort, '127.0.0.1', resolve))
  return {
    smtpUrl: smtp.url,
    port: (server.address() as AddressInfo).port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await smtp.destroy()
    },
  }
}
