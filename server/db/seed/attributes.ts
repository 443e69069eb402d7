/**
 * The demo catalogue's attributes (decision 130): materials, techniques and colours read from each demo
 * product's own words, so the listings' filters have something true to offer. A real shop's staff set
 * them per product in the console.
 */

/** A material the shop names, and the words of a product's material line that say it. */
const MATERIALS: Array<[string, RegExp]> = [
  ['Silk', /\b(silk|pashmina|muga|eri|kosa|tussar|katan)\b/i],
  ['Cotton', /\bcotton\b/i],
  ['Wool', /\b(wool|pashmina)\b/i],
  ['Zari', /\bzari\b/i],
  ['Handmade paper', /\b(handmade paper|rag handmade paper|paper board|acid-free paper)\b/i],
  ['Canvas', /\bcanvas\b/i],
  ['Palm leaf', /\bpalm leaf\b/i],
  ['Terracotta', /\bterracotta\b/i],
  ['Ceramic', /\b(ceramic|quartz-based)\b/i],
  ['Clay', /\bclay\b/i],
  ['Brass', /\bbrass\b/i],
  ['Copper', /\bcopper\b/i],
  ['Silver', /\bsilver (filigree|inlay)\b/i],
  ['Wood', /\b(wood|walnut|sheesham|mango wood)\b/i],
  ['Marble', /\bmarble\b/i],
  ['Stone', /\b(sandstone|granite|serpentinite)\b/i],
  ['Bamboo', /\bbamboo\b/i],
  ['Cane', /\bcane\b/i],
  ['Jute', /\bjute\b/i],
  ['Grass', /\bsabai grass\b/i],
  ['Glass beads', /\bglass beads\b/i],
]

/** The technique of each demo subcategory, and more a product's words may add. */
const TECHNIQUE_OF_SUB: Record<string, string> = {
  madhubani: 'Hand painting',
  warli: 'Hand painting',
  pattachitra: 'Hand painting',
  gond: 'Hand painting',
  sarees: 'Handloom weaving',
  stoles: 'Handloom weaving',
  shawls: 'Handloom weaving',
  kurtas: 'Hand embroidery',
  pottery: 'Hand moulding',
  brass: 'Metal casting',
  wood: 'Wood carving',
  stone: 'Stone carving',
  jewellery: 'Handmade jewellery',
  toys: 'Wood turning',
  bamboo: 'Basket weaving',
}
const TECHNIQUES: Array<[string, RegExp]> = [
  ['Block print', /\bblock[- ]print/i],
  ['Tie-dye', /\b(tie-dyed|bandhani)\b/i],
  ['Hand embroidery', /\b(embroider|chikankari|sozni)/i],
  ['Dhokra casting', /\bdhokra\b/i],
  ['Inlay', /\binlay\b/i],
  ['Handloom weaving', /\bhandloom\b/i],
]

/** Colours a product's title or first line names. */
const COLOURS: Array<[string, RegExp]> = [
  ['Red', /\b(red|madder|maroon|crimson)\b/i],
  ['Indigo', /\b(indigo|blue)\b/i],
  ['Gold', /\b(gold|golden|honey-gold)\b/i],
  ['White', /\b(white|ivory)\b/i],
  ['Black', /\bblack\b/i],
  ['Green', /\bgreen\b/i],
  ['Yellow', /\b(yellow|turmeric)\b/i],
  ['Pink', /\bpink\b/i],
  ['Earth brown', /\b(earthy|terracotta|brown)\b/i],
]

const matching = (pairs: Array<[string, RegExp]>, text: string) =>
  pairs.filter(([, re]) => re.test(text)).map(([name]) => name)

export function demoAttributes(p: {
  sub: string
  title: string
  short: string
  material: string
  options?: Array<{ name: string; values: string[] }>
}): { materials: string[]; techniques: string[]; colours: string[] } {
  const techniques = [
    ...new Set([
      ...(TECHNIQUE_OF_SUB[p.sub] ? [TECHNIQUE_OF_SUB[p.sub]!] : []),
      ...matching(TECHNIQUES, `${p.title} ${p.short} ${p.material}`),
    ]),
  ]
  // A product sold in colours is found under each of them.
  const colourOption = p.options?.find((o) => /^colou?r$/i.test(o.name))?.values.join(' ') ?? ''
  return {
    materials: matching(MATERIALS, p.material),
    techniques,
    colours: matching(COLOURS, `${p.title} ${p.short} ${colourOption}`),
  }
}
