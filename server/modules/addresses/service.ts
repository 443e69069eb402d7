import { type Address, type AddressInput, addressFields } from '../../../contracts/accounts.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.ts'
import { type AddressRow, createAddressesRepo } from './repo.ts'

const MAX_ADDRESSES = 50

/** An address as a customer would recognise it again: case, spaces and punctuation between words ignored. */
const sameText = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s,.]+/g, ' ')
    .trim()
const addressKey = (
  a: Pick<AddressInput, 'streetAddress' | 'city' | 'state' | 'postalCode' | 'phoneNumber' | 'fullName'>,
) => [a.fullName, a.streetAddress, a.city, a.state, a.postalCode, a.phoneNumber].map(sameText).join('|')

/** The shipping part of an order, as the orders module hands it over. */
export type OrderShipping = {
  firstName?: string | null
  lastName?: string | null
  address: string
  apartment?: string | null
  city: string
  state: string
  postalCode: string
  phoneNumber: string
}

export function toAddress(r: AddressRow): Address {
  return {
    _id: r.id,
    userId: r.userId,
    fullName: r.fullName,
    phoneNumber: r.phoneNumber,
    streetAddress: r.streetAddress,
    city: r.city,
    state: r.state,
    postalCode: r.postalCode,
    country: r.country,
    addressType: r.addressType,
    createdAt: r.createdAt.toISOString(),
  }
}

/** The address book; every call names the acting customer and touches only that customer's rows. */
export function createAddressesService(deps: { db: Db }) {
  const repo = createAddressesRepo(deps.db)

  async function owned(userId: string, addressId: string): Promise<AddressRow> {
    const row = await repo.byId(addressId)
    if (!row) throw new NotFoundError('Address not found.')
    if (row.userId !== userId) throw new ForbiddenError('You can only change your own addresses.')
    return row
  }

  return {
    /**
     * The accounts with a saved address whose phone's digits match a LIKE pattern, as a subquery the
     * console's customer search embeds.
     */
    userIdsWithPhone(digitsLike: string) {
      return repo.userIdsWithPhone(digitsLike)
    },
    async list(userId: string): Promise<Address[]> {
      return (await repo.listForUser(userId)).map(toAddress)
    },
    async first(userId: string): Promise<Address | null> {
      const [row] = await repo.listForUser(userId)
      return row ? toAddress(row) : null
    },
    async get(userId: string, addressId: string): Promise<Address> {
      return toAddress(await owned(userId, addressId))
    },
    async add(userId: string, input: AddressInput): Promise<Address> {
      if ((await repo.countForUser(userId)) >= MAX_ADDRESSES) {
        throw new ValidationError(`An address book holds at most ${MAX_ADDRESSES} addresses.`)
      }
      return toAddress(await repo.insert({ ...input, userId }))
    },
    async update(userId: string, addressId: string, input: Partial<AddressInput>): Promise<Address> {
      await owned(userId, addressId)
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
      return toAddress(await repo.update(addressId, { ...values, updatedAt: new Date() }))
    },
    /**
     * Keeps the address an order ships to in the customer's address book, inside the order's own
     * transaction, unless the same address is already there. A nameless address or a full book is
     * skipped: the order never fails for the sake of the address book. Answers whether one was added.
     */
    async rememberFromOrder(userId: string, shipping: OrderShipping, tx?: DbOrTx): Promise<boolean> {
      const fullName = [shipping.firstName, shipping.lastName].filter(Boolean).join(' ').trim()
      const parsed = addressFields.safeParse({
        fullName,
        phoneNumber: shipping.phoneNumber,
        streetAddress: [shipping.address, shipping.apartment].filter((p) => p?.trim()).join(', '),
        city: shipping.city,
        state: shipping.state,
        postalCode: shipping.postalCode,
      })
      if (!parsed.success) return false
      const r = tx ? createAddressesRepo(tx) : repo
      const saved = await r.listForUser(userId)
      if (saved.length >= MAX_ADDRESSES) return false
      const key = addressKey(parsed.data)
      if (saved.some((a) => addressKey(a) === key)) return false
      await r.insert({ ...parsed.data, userId })
      return true
    },
    async remove(userId: string, addressId: string): Promise<void> {
      await owned(userId, addressId)
      await repo.remove(addressId)
    },
  }
}
export type AddressesService = ReturnType<typeof createAddressesService>
