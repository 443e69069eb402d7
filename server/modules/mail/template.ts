import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components'
import { render } from '@react-email/render'
import { type FC, createElement as h, type ReactNode } from 'react'
import { locales } from '../../../contracts/languages.ts'
import { formatPaise } from '../../../contracts/money.ts'
import { type MailContent, type MailTexts, mailTextsIn, type OrderFacts, shopName } from './messages.ts'

// The storefront's colours (app/app.css), written out: e-mail clients read no stylesheet of ours.
const brand = { page: '#fdf6ee', line: '#f1cda3', accent: '#a8431a', dark: '#6e2b17', ink: '#2b1d14' }

const styles = {
  body: {
    backgroundColor: brand.page,
    color: brand.ink,
    fontFamily: 'Arial, Helvetica, sans-serif',
    margin: 0,
  },
  container: { maxWidth: '560px', margin: '0 auto', padding: '16px' },
  card: {
    backgroundColor: '#ffffff',
    border: `1px solid ${brand.line}`,
    borderRadius: '8px',
    padding: '20px',
  },
  brand: { color: brand.dark, fontSize: '20px', fontWeight: 700, margin: '0 0 12px' },
  heading: { color: brand.dark, fontSize: '22px', lineHeight: '28px', margin: '0 0 12px' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' },
  button: {
    backgroundColor: brand.accent,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 700,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  small: { color: '#5c4a3d', fontSize: '13px', lineHeight: '20px', margin: '8px 0 0' },
  cell: { fontSize: '15px', lineHeight: '22px', padding: '4px 0', verticalAlign: 'top' as const },
  right: { fontSize: '15px', lineHeight: '22px', padding: '4px 0', textAlign: 'right' as const },
}

// Row's props type makes children a required prop; as a plain component it takes them as arguments.
const TableRow = Row as unknown as FC<{ children?: ReactNode }>

function orderBlock(order: OrderFacts, texts: MailTexts): ReactNode {
  const l = texts.orderLabels
  const line = (left: ReactNode, right: string, strong = false, key?: string) =>
    h(
      TableRow,
      { key },
      h(Column, { key: 'l', style: { ...styles.cell, fontWeight: strong ? 700 : 400 } }, left),
      h(
        Column,
        { key: 'r', style: { ...styles.right, fontWeight: strong ? 700 : 400, width: '110px' } },
        right,
      ),
    )
  return h(
    Section,
    { style: { margin: '8px 0 16px' } },
    h(Text, { style: { ...styles.text, fontWeight: 700 } }, `${l.orderNumber}: ${order.orderNumber}`),
    ...order.lines.map((item, i) =>
      line(
        item.quantity > 1
          ? `${item.title} × ${item.quantity} (${l.each(formatPaise(item.price))})`
          : `${item.title} × 1`,
        formatPaise(item.price * item.quantity),
        false,
        `line-${i}`,
      ),
    ),
    h(Hr, { style: { borderColor: brand.line } }),
    line(l.subtotal, formatPaise(order.subtotal)),
    order.couponCode && order.discountAmount > 0
      ? line(l.coupon(order.couponCode, order.couponPercent), `− ${formatPaise(order.discountAmount)}`)
      : null,
    order.shippingCharge ? line(l.shipping, formatPaise(order.shippingCharge)) : null,
    order.codFee ? line(l.codFee, formatPaise(order.codFee)) : null,
    line(l.total, formatPaise(order.total), true),
    order.address.length > 0
      ? h(
          Text,
          { style: { ...styles.text, marginTop: '12px' } },
          h('strong', null, l.deliverTo),
          ...order.address.flatMap((a, i) => [h('br', { key: `br-${i}` }), a]),
        )
      : null,
  )
}

function Mail({ content, shopUrl }: { content: MailContent; shopUrl: string }) {
  const texts = mailTextsIn(content.language)
  return h(
    Html,
    { lang: locales[texts.language] },
    h(Head, null, h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' })),
    h(Preview, null, content.preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(
          Link,
          { href: shopUrl, style: { textDecoration: 'none' } },
          h(Text, { style: styles.brand }, shopName),
        ),
        h(
          Section,
          { style: styles.card },
          h(Heading, { as: 'h1', style: styles.heading }, content.heading),
          ...content.paragraphs.map((p, i) => h(Text, { key: `p-${i}`, style: styles.text }, p)),
          content.order ? orderBlock(content.order, texts) : null,
          content.image
            ? h(Img, {
                src: content.image.src,
                alt: content.image.alt,
                width: 520,
                style: {
                  display: 'block',
                  width: '100%',
                  maxWidth: '520px',
                  height: 'auto',
                  borderRadius: '6px',
                },
              })
            : null,
          content.button
            ? h(
                Section,
                { style: { margin: '16px 0 8px' } },
                h(Button, { href: content.button.href, style: styles.button }, content.button.label),
                h(
                  Text,
                  { style: styles.small },
                  `${texts.openLink} `,
                  h(
                    Link,
                    { href: content.button.href, style: { color: brand.accent, wordBreak: 'break-all' } },
                    content.button.href,
                  ),
                ),
              )
            : null,
        ),
        content.footnote ? h(Text, { style: styles.small }, content.footnote) : null,
        h(Text, { style: styles.small }, texts.footer),
        content.unsubscribeUrl
          ? h(
              Text,
              { style: styles.small },
              h(Link, { href: content.unsubscribeUrl, style: { color: brand.accent } }, texts.unsubscribe),
            )
          : null,
      ),
    ),
  )
}

/** The e-mail as HTML and as plain text (the second part of every message). */
export async function renderMail(
  content: MailContent,
  shopUrl: string,
): Promise<{ html: string; text: string }> {
  const element = h(Mail, { content, shopUrl })
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, text }
}
