import nodemailer from 'nodemailer'

/** One e-mail as it goes out; `messageId` is the outbox row's, the same on every attempt. */
export type OutgoingMail = {
  from: string
  to: string
  replyTo?: string | null
  subject: string
  html: string
  text: string
  messageId: string
  headers: Record<string, string>
}

export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void }

/** SMTP through nodemailer; short timeouts, so a dead server frees the worker soon (it retries later). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: mail.headers,
      })
    },
    close() {
      transporter.close()
    },
  }
}
