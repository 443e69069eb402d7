import type { Db } from '../../server/db/client.ts'
import { newId } from '../../server/db/ids.ts'
import { categories, productImages, products, states, subcategories } from '../../server/db/schema.ts'

/** A small catalogue for API tests: two categories (one inactive), states and a few products. */
export async function insertCatalogue(db: Db) {
  const handloom = {
    id: newId(),
    title: 'Handloom',
    status: 'active',
    isHeaderCategory: true,
    isCollectionCategory: true,
    position: 0,
  }
  const art = {
    id: newId(),
    title: 'Art & Painting',
    status: 'active',
    isHeaderCategory: true,
    isCollectionCategory: false,
    position: 1,
  }
  const hidden = {
    id: newId(),
    title: 'Retired',
    status: 'inactive',
    isHeaderCategory: true,
    isCollectionCategory: true,
    position: 2,
  }
  await db.insert(categories).values([handloom, art, hidden])
  const sarees = { id: newId(), categoryId: handloom.id, title: 'Sarees', position: 0 }
  const madhubani = { id: newId(), categoryId: art.id, title: 'Madhubani', position: 0 }
  await db.insert(subcategories).values([sarees, madhubani])
  const up = { id: newId(), name: 'Uttar Pradesh', position: 0 }
  const bihar = { id: newId(), name: 'Bihar', position: 1 }
  await db.insert(states).values([up, bihar])
  const make = (n: number, extra: Partial<typeof products.$inferInsert>) => ({
    id: newId(),
    title: `Product ${n}`,
    price: 100_00 * n,
    cutPrice: 150_00 * n,
    discount: 33,
    isApproved: true,
    sku: `TST-${n}`,
    shortDescription: `Short ${n}`,
    description: `<p>Description ${n}</p>`,
    position: n,
    // Plenty, so a file's many orders never run a shared product dry (stock has its own tests).
    quantity: 1000,
    ...extra,
  })
  const saree = make(1, {
    title: 'Banarasi Silk Saree',
    categoryId: handloom.id,
    subcategoryId: sarees.id,
    stateId: up.id,
  })
  const painting = make(2, {
    title: 'Madhubani Fish Painting',
    categoryId: art.id,
    subcategoryId: madhubani.id,
    stateId: bihar.id,
  })
  const unapproved = make(3, { title: 'Unapproved Stole', categoryId: handloom.id, isApproved: false })
  const inInactive = make(4, { title: 'Retired Item', categoryId: hidden.id })
  await db.insert(products).values([saree, painting, unapproved, inInactive])
  await db.insert(productImages).values([
    { productId: saree.id, url: `/uploads/products/${saree.id}/1`, position: 0 },
    { productId: saree.id, url: `/uploads/products/${saree.id}/2`, position: 1 },
  ])
  return { handloom, art, hidden, sarees, madhubani, up, bihar, saree, painting, unapproved, inInactive }
}
