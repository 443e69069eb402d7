import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import type { Language } from '../../contracts/languages.ts'

/**
 * What the shop's PDF documents (GST invoices, packing slips) share: an A4 page, a font with the rupee
 * sign, and the finished file as bytes.
 */

/**
 * A font with the rupee sign (U+20B9): pdfkit's built-in Helvetica lacks it, so DejaVu Sans from the
 * `dejavu-fonts-ttf` package is embedded (decision 083); the shop needs no font on the machine.
 */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(name)
export const pdfFonts = {
  regular: fontFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: fontFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const

/**
 * Hindi documents are set in Noto Sans Devanagari (from the `@expo-google-fonts/noto-sans-devanagari`
 * package), which also has Latin letters, digits and the rupee sign, so product names in English and
 * amounts read the same (docs/decisions/097). pdfkit shapes the conjuncts and vowel signs.
 */
const devanagari = {
  regular: fontFile('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: fontFile('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
} as const

/** The fonts of a document in a language. */
export function pdfFontsFor(language: Language): { regular: string; bold: string } {
  return language === 'hi' ? devanagari : pdfFonts
}

/** The page margin of every document, in points. */
export const pdfMargin = 36

/** A new A4 document and the promise of its bytes, settled once `pdf.end()` is called. */
export function startPdf(title: string) {
  const pdf = new PDFDocument({ size: 'A4', margin: pdfMargin, info: { Title: title } })
  const chunks: Buffer[] = []
  pdf.on('data', (c: Buffer) => chunks.push(c))
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  return { pdf, finished, width: pdf.page.width - 2 * pdfMargin }
}
export type Pdf = ReturnType<typeof startPdf>['pdf']

/** A thin grey rule across the page at `y`. */
export function rule(pdf: Pdf, y: number, colour = '#999') {
  pdf
    .moveTo(pdfMargin, y)
    .lineTo(pdf.page.width - pdfMargin, y)
    .strokeColor(colour)
    .lineWidth(0.5)
    .stroke()
}
