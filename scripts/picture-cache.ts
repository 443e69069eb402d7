import path from 'node:path'

/** Where the tests keep the demo pictures drawn once (scripts/demo-pictures.ts), kept between runs. */
export const testPictureCache = path.resolve(import.meta.dirname, '../node_modules/.cache/shop-demo-pictures')
