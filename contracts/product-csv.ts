/**
 * The product CSV files of the console (decision 093): the columns the export writes and the import reads,
 * the import's limits, and the words the console shows about them. Plain data, no zod: the console's
 * import screen reads it too.
 */

export type ProductCsvColumn = {
  /** The heading in the file's first row. */
  heading: string
  /** What staff read about it on the import screen. */
  help: string
  /** Written by the export for reading only; the import leaves the product's value as it is. */
  readOnly?: true
}

export const productCsvColumns = [
  { heading: 'ID', help: 'Filled in: the row updates that product. Empty: the row adds a new product.' },
  { heading: 'SKU', help: 'Your own code for the product; each product has a different one.' },
  { heading: 'Name', help: 'The product’s title in the shop.' },
  { heading: 'Category', help: 'A category name exactly as in Categories, or empty.' },
  { heading: 'Subcategory', help: 'A subcategory of that category, or empty.' },
  { heading: 'State', help: 'A state name exactly as in States, or empty.' },
  // What the listings filter by (decision 130); a file without these columns leaves them as they are.
  {
    heading: 'Materials',
    help: 'What it is made of, separated by commas, as shoppers see them in the filters: Silk, Zari. Up to 10.',
  },
  { heading: 'Techniques', help: 'How it is made, separated by commas: Block print, Handloom weaving.' },
  { heading: 'Colours', help: 'Its colours, separated by commas: Indigo, Red.' },
  { heading: 'Price (₹)', help: 'What the customer pays, in rupees (1650 or 1650.50).' },
  { heading: 'MRP (₹)', help: 'The list price shown struck through; empty means no discount.' },
  {
    heading: 'Stock',
    help: 'Pieces free to sell (pieces held by open orders are already taken off), a whole number.',
  },
  { heading: 'Approved', help: 'yes to show it in the shop, no to keep it hidden.' },
  { heading: 'Short description', help: 'A line or two shown near the price.' },
  { heading: 'Description (HTML)', help: 'The long description as HTML (<p>, <b>, <ul> …).' },
  { heading: 'YouTube link', help: 'A youtube.com or youtu.be address, or empty.' },
  { heading: '360° view link', help: 'A full web address, or empty.' },
  { heading: 'HSN code', help: '4, 6 or 8 digits, printed on GST invoices.' },
  {
    heading: 'GST rate (%)',
    help: 'The GST percent included in the price, where the GST rates by HSN code (Settings) have no rule.',
  },
  {
    heading: 'GST rate fixed',
    help: 'yes: this rate even where an HSN rule would decide; no or empty: the rule decides.',
  },
  { heading: 'Unit (UQC)', help: 'The unit for GST returns: PCS, SET, PRS, MTR… (PCS when empty).' },
  {
    heading: 'Made to order (days)',
    help: 'Days from the order until it ships, such as 10-14 or 7; empty for a piece ready to ship.',
  },
  {
    heading: 'Weight (g)',
    help: 'Grams one piece weighs packed, for shipping; empty counts as the default weight.',
  },
  {
    heading: 'Package (cm)',
    help: 'The box it ships in, length × breadth × height in centimetres, such as 35 x 28 x 6; or empty.',
  },
  // A product with variants (decision 129) has one row per variant: its first row carries the product's
  // columns and its first variant, each following row the same ID and SKU and only the variant columns.
  {
    heading: 'Option1 name',
    help: 'A product with variants: the first option’s name (Size), on the product’s first row. Empty for a product sold as one piece.',
  },
  { heading: 'Option1 value', help: 'This row’s variant’s value of the first option (M).' },
  { heading: 'Option2 name', help: 'The second option’s name (Colour), or empty.' },
  { heading: 'Option2 value', help: 'This row’s variant’s value of the second option (Indigo).' },
  { heading: 'Option3 name', help: 'The third option’s name, or empty.' },
  { heading: 'Option3 value', help: 'This row’s variant’s value of the third option.' },
  {
    heading: 'Variant SKU',
    help: 'The variant’s own code, different from every product’s and variant’s. Rows of the same product repeat its ID and SKU.',
  },
  {
    heading: 'Variant price',
    help: 'What the customer pays for this variant, in rupees. The first variant’s price is the product’s.',
  },
  {
    heading: 'Variant list price',
    help: 'The variant’s list price shown struck through; empty means no discount.',
  },
  {
    heading: 'Variant stock',
    help: 'Pieces of this variant free to sell; the product’s stock is their sum.',
  },
  { heading: 'Variant weight (g)', help: 'The variant’s weight in grams, or empty.' },
  {
    heading: 'Variant made to order (days)',
    help: 'The variant’s own days until it ships, such as 21-28; empty follows the product’s.',
  },
  {
    heading: 'Variant picture',
    help: 'One of the product’s picture addresses (as in Picture addresses) shown first for this variant, or empty.',
  },
  { heading: 'Archived', help: 'For reading: archive a product on its own page.', readOnly: true },
  { heading: 'Sold', help: 'For reading: how many were sold.', readOnly: true },
  {
    heading: 'Picture addresses',
    help: 'For reading: add pictures on the product’s own page.',
    readOnly: true,
  },
] as const satisfies readonly ProductCsvColumn[]

export type ProductCsvHeading = (typeof productCsvColumns)[number]['heading']

/** The import's limits: a file larger or longer is refused before anything is read. */
export const productImportLimits = { bytes: 2 * 1024 * 1024, rows: 1000 } as const

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`

export const productCsvText = {
  tooLarge: (bytes: number) =>
    `This file is ${megabytes(bytes)}; the import takes files of up to ${megabytes(productImportLimits.bytes)}. Split it into smaller files and import them one after another.`,
  tooManyRows: (rows: number) =>
    `This file has ${rows.toLocaleString('en-IN')} rows of products; the import takes up to ${productImportLimits.rows.toLocaleString('en-IN')} at a time. Split it into smaller files and import them one after another.`,
  empty: 'This file is empty. Export the products first and use that file as the starting point.',
  noRows: 'This file has column headings but no products under them.',
  missingColumns: (headings: string[]) =>
    `This file has no ${headings.map((h) => `'${h}'`).join(', ')} column${headings.length === 1 ? '' : 's'}. Start from an exported file so the columns are right.`,
  repeatedColumn: (heading: string) => `The column '${heading}' appears twice. Keep one of them.`,
  notCsv: 'Choose a CSV file (saved from a spreadsheet as “CSV UTF-8”).',
  variantsFollow:
    'Price (₹), MRP (₹) and Stock of a product with variants are its variants’: the import reads the Variant columns for it and leaves those three as they are.',
  variantColumnsMissing:
    'This file has no Variant columns: products with variants keep them, and their Price (₹), MRP (₹) and Stock are left as they are.',
  hasErrors: (rows: number) =>
    `Nothing was imported: ${rows === 1 ? 'one row has' : `${rows} rows have`} errors. Correct them in the file and check it again.`,
} as const
