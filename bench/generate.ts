/**
 * Fills a shop database with many products and orders for the scale benchmark (`npm run bench -- scale`).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_scale node bench/generate.ts [products] [orders]
 *   DATA_DIR=data/scale node bench/generate.ts 100000 0          # the embedded PGlite in a data folder
 *
 * Defaults: 100,000 products and 1,000,000 orders (one customer per ten orders, one to three items each).
 * An empty database gets the demo catalogue first (categories, subcategories, states, pictures); the
 * generated products are spread over its subcategories and states and reuse its pictures. Everything is
 * made by the database itself (INSERT … SELECT over generate_series, in chunks), so 100,000 products take
 * seconds and a million orders a few minutes. Generated rows are marked: products' SKUs start with `GEN-`,
 * customers' e-mails end with `@bench.invalid`, order numbers start with `GEN`; running it again adds more.
 */
import { sql } from 'drizzle-orm'
import { openDatabase } from '../server/db/client.ts'
import { categories } from '../server/db/schema.ts'
import { seedDemo } from '../server/db/seed/demo.ts'
import { hashPassword } from '../server/modules/accounts/passwords.ts'
import { benchPassword } from './bench-customer.ts'

const productCount = Number(process.argv[2] ?? process.env.GEN_PRODUCTS ?? 100_000)
const orderCount = Number(process.argv[3] ?? process.env.GEN_ORDERS ?? 1_000_000)
if (!Number.isInteger(productCount) || productCount < 0 || !Number.isInteger(orderCount) || orderCount < 0) {
  console.error('usage: node bench/generate.ts [products] [orders] (whole numbers)')
  process.exit(2)
}
const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = databaseUrl ? null : (process.env.DATA_DIR ?? 'data/scale')
const chunk = 50_000

const started = performance.now()
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`

const database = await openDatabase({
  databaseUrl,
  dataDir,
  timeouts: { connectMs: 10_000, statementMs: 0, idleInTransactionMs: 0 },
  async prepare(db) {
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(categories)
    if (count === 0) {
      console.log('empty database: the demo catalogue first')
      await seedDemo(db, { files: null })
    }
  },
})
const { db } = database

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows[0]
}

// Ids as the shop makes them (24 hex characters, time first): one fixed time, a kind letter and the number.
const stamp = Math.floor(Date.now() / 1000)
  .toString(16)
  .padStart(8, '0')
const idOf = (kind: string, n: ReturnType<typeof sql>) => sql`${stamp + kind} || lpad(to_hex(${n}), 15, '0')`

const { runId } = await one<{ runId: number }>(
  sql`SELECT (count(*) FILTER (WHERE sku LIKE 'GEN-%'))::int AS "runId" FROM products`,
)
// A second run goes on from where the first ended, so its ids and numbers do not collide.
const productBase = runId

if (productCount > 0) {
  const { subs } = await one<{ subs: number }>(sql`SELECT count(*)::int AS subs FROM subcategories`)
  const { sts } = await one<{ sts: number }>(sql`SELECT count(*)::int AS sts FROM states`)
  const { pics } = await one<{ pics: number }>(
    sql`SELECT count(DISTINCT url)::int AS pics FROM product_images`,
  )
  if (subs === 0 || sts === 0) throw new Error('the database has no subcategories or states to spread over')
  for (let from = 1; from <= productCount; from += chunk) {
    const to = Math.min(productCount, from + chunk - 1)
    await db.execute(sql`
      WITH sub AS (SELECT id, category_id, title, row_number() OVER (ORDER BY id) - 1 AS i FROM subcategories),
           st AS (SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS i FROM states),
           words AS (SELECT
             array['Handwoven','Hand-painted','Carved','Embroidered','Block-printed','Glazed','Antique','Festive','Painted','Inlaid'] AS adj,
             array['Silk','Cotton','Terracotta','Brass','Sheesham Wood','Marble','Jute','Wool','Clay','Bamboo','Copper'] AS mat,
             array['Saree','Vase','Lamp','Box','Painting','Stole','Bowl','Wall Hanging','Bag','Diya','Figurine','Shawl','Tray'] AS thing,
             array['Handloom weaving','Hand painting','Wood carving','Hand embroidery','Block print','Metal casting'] AS tech,
             array['Red','Indigo','Gold','White','Black','Green','Yellow','Pink','Earth brown'] AS colour),
           g AS (SELECT n, ${productBase} + n AS k FROM generate_series(${from}::int, ${to}::int) n)
      INSERT INTO products (id, title, price, cut_price, discount, is_approved, category_id, subcategory_id,
        state_id, sku, short_description, description, quantity, sold_count, position, search_text,
        materials, techniques, colours, gi_name, created_at, updated_at)
      SELECT ${idOf('a', sql`g.k`)},
        t.title, t.price, t.price + t.price / 5, 17, g.k % 50 <> 0, sub.category_id, sub.id, st.id,
        'GEN-' || g.k, 'A ' || lower(t.title) || ' made by hand in ' || st.name || '.',
        '<p>' || t.title || ', made by hand in ' || st.name || '.</p>', 1 + g.k % 40, ((g.k % 9973) * 7919) % 500,
        1000 + g.k, concat_ws(' ', t.title, c.title, sub.title, st.name),
        -- Attributes for the listings' filters (decision 130): one material, one technique, one or two colours.
        array[words.mat[1 + (g.k / 10) % 11]], array[words.tech[1 + g.k % 6]],
        CASE WHEN g.k % 3 = 0 THEN array[words.colour[1 + g.k % 9], words.colour[1 + (g.k + 4) % 9]]
          ELSE array[words.colour[1 + g.k % 9]] END,
        CASE WHEN g.k % 7 = 0 THEN 'Generated GI' END,
        now() - make_interval(mins => (g.k * 37) % 1000000), now()
      FROM g CROSS JOIN words
      JOIN sub ON sub.i = g.k % ${subs}
      JOIN st ON st.i = (g.k / 3) % ${sts}
      JOIN categories c ON c.id = sub.category_id
      CROSS JOIN LATERAL (SELECT
        words.adj[1 + g.k % 10] || ' ' || words.mat[1 + (g.k / 10) % 11] || ' ' || words.thing[1 + (g.k / 110) % 13]
          || ' No. ' || g.k AS title,
        (10000 + ((g.k % 9973) * 104729) % 990000) / 100 * 100 AS price) t`)
    if (pics > 0)
      await db.execute(sql`
        WITH pic AS (SELECT url, row_number() OVER (ORDER BY url) - 1 AS i FROM (SELECT DISTINCT url FROM product_images) u)
        INSERT INTO product_images (id, product_id, url, position)
        SELECT ${idOf('b', sql`(${productBase} + n) * 2 + s`)}, ${idOf('a', sql`${productBase} + n`)},
          pic.url, s
        FROM generate_series(${from}::int, ${to}::int) n CROSS JOIN generate_series(0, 1) s
        JOIN pic ON pic.i = ((${productBase} + n) * 2 + s) % ${pics}`)
    console.log(`products ${to.toLocaleString('en')} of ${productCount.toLocaleString('en')} (${seconds()})`)
  }
}

if (orderCount > 0) {
  const customers = Math.max(1, Math.ceil(orderCount / 10))
  const { userBase } = await one<{ userBase: number }>(
    sql`SELECT count(*)::int AS "userBase" FROM users WHERE email LIKE 'customer%@bench.invalid'`,
  )
  const hash = await hashPassword(benchPassword)
  await db.execute(sql`
    INSERT INTO users (id, full_name, email, password_hash, mobile, role, created_at, updated_at)
    SELECT ${idOf('c', sql`${userBase} + n`)},
      (array['Asha','Ravi','Meena','Arjun','Kavita','Suresh','Lakshmi','Vikram'])[1 + n % 8] || ' ' ||
      (array['Sharma','Patel','Iyer','Singh','Das','Nair','Reddy','Gupta','Khan'])[1 + (n / 8) % 9] || ' ' || n,
      'customer' || (${userBase} + n) || '@bench.invalid', ${hash}, '9' || lpad((n % 1000000000)::text, 9, '0'),
      'customer', now() - make_interval(mins => (n * 53) % 1000000), now()
    FROM generate_series(1, ${customers}::int) n`)
  console.log(`customers ${customers.toLocaleString('en')} (${seconds()})`)
  const { orderBase } = await one<{ orderBase: number }>(
    sql`SELECT count(*)::int AS "orderBase" FROM orders WHERE order_number LIKE 'GEN%'`,
  )
  const { prods } = await one<{ prods: number }>(
    sql`SELECT count(*)::int AS prods FROM products WHERE sku LIKE 'GEN-%'`,
  )
  if (prods === 0) throw new Error('no generated products to order: generate products first')
  const statuses = sql`(array['Delivered','Delivered','Delivered','Shipped','Processing','Pending','Cancelled'])`
  for (let from = 1; from <= orderCount; from += chunk) {
    const to = Math.min(orderCount, from + chunk - 1)
    // Item k of order n (k = 0..n%3) is product (n*31 + k*7) of the generated ones, price 100 to 10,000 rupees.
    await db.execute(sql`
      WITH g AS (SELECT n, ${orderBase} + n AS k FROM generate_series(${from}::int, ${to}::int) n)
      INSERT INTO orders (id, order_number, user_id, status, subtotal, total, shipping_first_name,
        shipping_last_name, shipping_email, shipping_address, shipping_city, shipping_state, shipping_postal_code,
        shipping_phone, payment_method, payment_status, created_at, updated_at)
      SELECT ${idOf('d', sql`g.k`)}, 'GEN' || lpad(g.k::text, 9, '0'),
        ${idOf('c', sql`${userBase} + 1 + g.k % ${customers}`)}, s.status,
        (1 + g.k % 3) * 50000, (1 + g.k % 3) * 50000, 'Asha', 'Sharma',
        'customer' || (${userBase} + 1 + g.k % ${customers}) || '@bench.invalid',
        g.k || ' Temple Road', 'Varanasi', 'Uttar Pradesh', '221001', '9876543210', 'Credit Card',
        CASE WHEN s.status IN ('Pending', 'Cancelled') THEN 'Pending' ELSE 'Paid' END,
        now() - make_interval(mins => (${orderCount} - g.n) + (g.k * 13) % 60), now()
      FROM g CROSS JOIN LATERAL (SELECT ${statuses}[1 + g.k % 7] AS status) s`)
    await db.execute(sql`
      WITH g AS (SELECT n, ${orderBase} + n AS k FROM generate_series(${from}::int, ${to}::int) n),
           p AS (SELECT id, title, price, row_number() OVER (ORDER BY id) - 1 AS i FROM products WHERE sku LIKE 'GEN-%')
      INSERT INTO order_items (id, order_id, product_id, title, price, quantity)
      SELECT ${idOf('e', sql`g.k * 3 + j`)}, ${idOf('d', sql`g.k`)}, p.id, p.title, p.price, 1
      FROM g CROSS JOIN generate_series(0, 2) j
      JOIN p ON p.i = (g.k * 31 + j * 7) % ${prods}
      WHERE j <= g.k % 3`)
    console.log(`orders ${to.toLocaleString('en')} of ${orderCount.toLocaleString('en')} (${seconds()})`)
  }
}
// One owner for the console's lists in bench/scale.ts, with the customers' password; made once.
await db.execute(sql`
  INSERT INTO users (id, full_name, email, password_hash, role, staff_role, staff_since, created_at, updated_at)
  VALUES (${idOf('f', sql`1`)}, 'Bench Owner', 'owner@bench.invalid', ${await hashPassword(benchPassword)},
    'admin', 'owner', now(), now(), now())
  ON CONFLICT DO NOTHING`)

// Vacuumed as autovacuum would leave it: counts read the indexes alone once the visibility map is set.
await db.execute(sql`VACUUM ANALYZE`)
console.log(`done in ${seconds()}`)
await database.close()
