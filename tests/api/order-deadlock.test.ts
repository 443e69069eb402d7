import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCustomer, makeProduct, orderOf, orderPayload, placeOrder } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// A placement PostgreSQL ends to break a deadlock is placed again (the sale bench met one in a thousand).
describe.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('a placement caught in a deadlock', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app?.cleanup()
  })

  it('is placed again, not answered with a 500', async () => {
    const who = await makeCustomer(app)
    const piece = await makeProduct(app)
    // The year's order counter exists once an order has been placed.
    await orderOf(app, who, piece)
    const other = new pg.Client({ connectionString: app.database.url })
    await other.connect()
    try {
      // Another transaction holds the counter a placement takes after the piece's stock row...
      await other.query('begin')
      await other.query('select last from order_counters for update')
      const placing = placeOrder(app, who, orderPayload(who.id, [{ product: piece, quantity: 1 }]))
      // ...until the placement holds the stock row and waits for the counter...
      for (let waited = 0; ; waited += 20) {
        const { rows } = await other.query(
          `select 1 from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        )
        if (rows.length > 0) break
        if (waited > 10_000) throw new Error('the placement never waited for the counter')
        await new Promise((r) => setTimeout(r, 20))
      }
      // ...and then wants the stock row: PostgreSQL ends the placement, which waited first.
      await other.query('update products set quantity = quantity where id = $1', [piece.id])
      await other.query('commit')
      const placed = await placing
      expect(placed.statusCode, placed.body).toBe(201)
    } finally {
      await other.end()
    }
  })
})
