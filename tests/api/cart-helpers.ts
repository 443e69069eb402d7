import { newId } from '../../server/db/ids.ts'
import { users } from '../../server/db/schema.ts'
import type { TestApp } from '../support/test-app.ts'

export type Shopper = { id: string; auth: { authorization: string } }

/** A customer row and an access token for it, without going through registration. */
export async function insertShopper(app: TestApp, name = 'Asha Verma'): Promise<Shopper> {
  const id = newId()
  await app.database.db
    .insert(users)
    .values({ id, fullName: name, email: `${id}@example.in`, passwordHash: 'not-a-real-hash' })
  const { accessToken: token } = await app.services.accounts.startSession(id)
  return { id, auth: { authorization: `Bearer ${token}` } }
}
