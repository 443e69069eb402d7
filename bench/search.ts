/**
 * Search over 10,000 generated products on the embedded database (in-memory PGlite):
 * typos, partial words and plain words, through the catalogue service the API uses.
 * Run alone with `node bench/search.ts`; `npm run bench` adds its rows to the table.
 */
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { openPglite } from '../server/db/client.ts'
import { newId } from '../server/db/ids.ts'
import { categories, products, states, subcategories } from '../server/db/schema.ts'
import { createMemoryCache } from '../server/lib/cache.ts'
import { createCatalogueService, searchTextFor } from '../server/modules/catalogue/service.ts'

const crafts = [
  ['Handloom', ['Saree', 'Stole', 'Dupatta', 'Bedsheet', 'Shawl']],
  ['Handicraft', ['Pottery', 'Brass', 'Woodwork', 'Stone Carving', 'Jewellery']],
  ['Art & Painting', ['Madhubani', 'Warli', 'Pattachitra', 'Gond', 'Kalamkari']],
  ['Eco-friendly', ['Jute', 'Bamboo', 'Handmade Paper', 'Coir', 'Cane']],
] as const
const stateNames = [
  'Uttar Pradesh',
  'Madhya Pradesh',
  'Rajasthan',
  'Bihar',
  'Odisha',
  'Gujarat',
  'Kerala',
  'Assam',
]
const adjectives = [
  'Handwoven',
  'Hand-painted',
  'Carved',
  'Embroidered',
  'Block-printed',
  'Glazed',
  'Antique',
  'Festive',
]
const materials = [
  'Silk',
  'Cotton',
  'Terracotta',
  'Brass',
  'Sheesham Wood',
  'Marble',
  'Jute',
  'Wool',
  'Clay',
  'Pot',
]
const things = [
  'Saree',
  'Vase',
  'Lamp',
  'Box',
  'Painting',
  'Stole',
  'Bowl',
  'Wall Hanging',
  'Bag',
  'Diya',
  'Figurine',
]

const queries = [
  'handlom',
  'madhubni',
  'pot',
  'silk saree',
  'brass diya',
  'terracota vase',
  'rajasthan',
  'warli',
  'jute bag',
  'sheesham',
]

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export async function searchRows(count = 10_000, rounds = 30): Promise<string[][]> {
  const database = await openPglite(null)
  try {
    const db = database.db
    const catRows = crafts.map(([title], i) => ({ id: newId(), title, position: i, status: 'active' }))
    await db.insert(categories).values(catRows)
    const subRows = crafts.flatMap(([, subs], i) =>
      subs.map((title, j) => ({ id: newId(), categoryId: catRows[i].id, title, position: j })),
    )
    await db.insert(subcategories).values(subRows)
    const stateRows = stateNames.map((name, i) => ({ id: newId(), name, position: i }))
    await db.insert(states).values(stateRows)
    let seed = 42
    // mulberry32: evenly spread picks, the same data on every run.
    const pick = <T>(list: readonly T[]) => {
      seed = (seed + 0x6d2b79f5) >>> 0
      let t = seed
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return list[((((t ^ (t >>> 14)) >>> 0) / 4294967296) * list.length) | 0]
    }
    for (let start = 0; start < count; start += 500) {
      const batch = []
      for (let n = start; n < Math.min(count, start + 500); n++) {
        const c = pick(catRows.map((_, i) => i))
        const sub = pick(subRows.filter((s) => s.categoryId === catRows[c].id))
        const state = pick(stateRows)
        const title = `${pick(adjectives)} ${pick(materials)} ${sub.title} ${pick(things)} ${n}`
        const shortDescription = `A ${pick(adjectives).toLowerCase()} piece from ${state.name}, made by hand.`
        const description = `<p>Made in ${state.name} by artisan families. ${pick(materials)} and natural colours.</p>`
        batch.push({
          id: newId(),
          title,
          price: 50_000 + n,
          cutPrice: 80_000 + n,
          isApproved: n % 20 !== 0,
          sku: `BENCH-${n}`,
          categoryId: catRows[c].id,
          subcategoryId: sub.id,
          stateId: state.id,
          shortDescription,
          description,
          position: n,
          searchText: searchTextFor({
            title,
            category: catRows[c].title,
            subcategory: sub.title,
            state: state.name,
            shortDescription,
            description,
          }),
        })
      }
      await db.insert(products).values(batch)
    }
    const catalogue = createCatalogueService({ db, cache: createMemoryCache() })
    await catalogue.snapshot()
    for (const q of queries) await catalogue.search(q) // warm up
    const times: number[] = []
    const perQuery = new Map<string, number[]>()
    let found = 0
    for (let r = 0; r < rounds; r++) {
      for (const q of queries) {
        const t = performance.now()
        // Fresh: past the hot searches' cache, so every search asks the database (decision 103).
        found += (await catalogue.search(q, 60, { fresh: true })).length
        const took = performance.now() - t
        times.push(took)
        perQuery.set(q, [...(perQuery.get(q) ?? []), took])
      }
    }
    times.sort((a, b) => a - b)
    if (process.env.SEARCH_BENCH_DETAIL) {
      for (const [q, list] of perQuery)
        console.log(
          q,
          percentile(
            list.sort((a, b) => a - b),
            50,
          ).toFixed(1),
          'ms',
        )
    }
    const ms = (v: number) => `${v.toFixed(1)} ms`
    const p95 = percentile(times, 95)
    return [
      [
        `Search, ${count.toLocaleString('en')} products (PGlite, in process)`,
        `${Math.round(1000 / (times.reduce((a, b) => a + b, 0) / times.length))} searches/s`,
        ms(percentile(times, 50)),
        ms(percentile(times, 99)),
        `p95 ${ms(p95)} (target < 50 ms) over ${times.length} searches incl. typos; ${Math.round(found / times.length)} hits avg`,
      ],
    ]
  } finally {
    await database.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await searchRows()
  console.log('| what | requests/s or size | p50 | p99 | note |\n| --- | --- | --- | --- | --- |')
  for (const r of rows) console.log(`| ${r.join(' | ')} |`)
}
