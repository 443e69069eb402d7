import { randomBytes } from 'node:crypto'
import sharp from 'sharp'

export function png(width = 900, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 30 } } })
    .png()
    .toBuffer()
}

/** A multipart body with file parts. */
export function multipartFiles(
  files: Array<{ field: string; filename: string; content: Buffer; type: string }>,
  fields: Record<string, string> = {},
) {
  const boundary = `----admintest${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export const productBody = (over: Record<string, unknown> = {}) => ({
  title: 'Chikankari Kurta',
  price: 1499,
  cutPrice: 1999,
  discount: 25,
  sku: `CK-${randomBytes(3).toString('hex')}`,
  shortDescription: 'Hand-embroidered in Lucknow.',
  description: '<p>Soft cotton.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  youtubeVideoLink: 'https://www.youtube.com/watch?v=abc123',
  view360Link: 'https://example.in/360/kurta',
  quantity: 12,
  ...over,
})
