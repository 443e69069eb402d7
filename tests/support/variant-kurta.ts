/**
 * The kurta the browser tests choose a size and a colour of (tests/e2e/product-variants.phone.spec.ts).
 * M / Indigo is the default; L / Indigo is sold out; L is not made in Madder red.
 */
export const variantKurta = {
  title: 'Block-print cotton kurta',
  sku: 'E2E-KURTA',
  options: [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Indigo', 'Madder red'] },
  ],
  variants: [
    { values: ['M', 'Indigo'], price: 1499_00, cutPrice: 1999_00, quantity: 3, picture: 0 },
    { values: ['S', 'Indigo'], price: 1499_00, cutPrice: 1999_00, quantity: 2, picture: 0 },
    { values: ['L', 'Indigo'], price: 1599_00, cutPrice: 1999_00, quantity: 0, picture: 0 },
    { values: ['M', 'Madder red'], price: 1699_00, cutPrice: 1999_00, quantity: 2, picture: 1 },
    { values: ['S', 'Madder red'], price: 1699_00, cutPrice: 1999_00, quantity: 1, picture: 1 },
  ],
} as const
