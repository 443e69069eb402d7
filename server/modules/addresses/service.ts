import type { Address, AddressInput } from '../../../contracts/accounts.ts'
import type { Db } from '../../db/client.ts'
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.ts'
import { type AddressRow, createAddressesRepo } from './repo.ts'

export const MAX_ADDRESSES = 50

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
    async remove(userId: string, addressId: string): Promise<void> {
      await owned(userId, addressId)
      await repo.remove(addressId)
    },
  }
}
export type AddressesService = ReturnType<typeof createAddressesService>
