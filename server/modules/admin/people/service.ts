import type { z } from 'zod'
import type { customerDisableSchema, listQuerySchema } from '../../../../contracts/admin.ts'
import type { Db } from '../../../db/client.ts'
import { ConflictError, NotFoundError } from '../../../http/errors.ts'
import type { AccountsService } from '../../accounts/service.ts'
import type { AddressesService } from '../../addresses/service.ts'
import type { OrdersService } from '../../orders/service.ts'
import { type Actor, mustId, page, pageWindow, rupees } from '../kit.ts'

export const staffAccountHere =
  'This is a staff account: an owner disables staff accounts on the Staff screen.'

/** Customers (every account) in the console: the list, one account with its orders and addresses, disabling. */
export function createAdminPeopleService(deps: {
  db: Db
  accounts: Pick<AccountsService, 'forStaff' | 'setDisabled' | 'consoleList'>
  addresses: Pick<AddressesService, 'list' | 'userIdsWithPhone'>
  orders: Pick<OrdersService, 'summariesFor' | 'userIdsWithPhone' | 'countsByUser'>
}) {
  const repo = deps.accounts.consoleList()

  async function mustAccount(id: string) {
    mustId(id, 'customer')
    const user = await deps.accounts.forStaff(id)
    if (!user) throw new NotFoundError('No such customer.')
    return user
  }

  const service = {
    async list(q: z.output<typeof listQuerySchema>) {
      // A phone is found in the account, its saved addresses or its orders' delivery details.
      const { rows, total } = await repo.customerPage(
        { q: q.q, ...pageWindow(q) },
        {
          addressedTo: (digits) => deps.addresses.userIdsWithPhone(digits),
          orderedTo: (digits) => deps.orders.userIdsWithPhone(digits),
        },
      )
      const orderCounts = await deps.orders.countsByUser(rows.map((r) => r.id))
      return page(
        rows.map((r) => ({
          _id: r.id,
          fullName: r.fullName,
          email: r.email,
          mobile: r.mobile,
          role: r.role,
          disabled: Boolean(r.disabledAt),
          orderCount: orderCounts.get(r.id) ?? 0,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        q,
      )
    },
    async get(id: string) {
      const user = await mustAccount(id)
      const [addr, ords] = await Promise.all([deps.addresses.list(id), deps.orders.summariesFor(id)])
      return {
        _id: user.id,
        fullName: user.fullName,
        userName: user.userName,
        email: user.email,
        mobile: user.mobile,
        dob: user.dob,
        gender: user.gender,
        role: user.role,
        disabled: Boolean(user.disabledAt),
        disabledAt: user.disabledAt?.toISOString() ?? null,
        createdAt: user.createdAt.toISOString(),
        addresses: addr.map((a) => ({
          _id: a._id,
          fullName: a.fullName,
          phoneNumber: a.phoneNumber,
          streetAddress: a.streetAddress,
          city: a.city,
          state: a.state,
          postalCode: a.postalCode,
          country: a.country,
          addressType: a.addressType,
        })),
        orders: ords.map((o) => ({
          _id: o.id,
          orderNumber: o.orderNumber,
          status: o.status,
          total: rupees(o.total),
          paymentStatus: o.paymentStatus,
          createdAt: o.createdAt.toISOString(),
        })),
      }
    },
    /** A disabled account cannot sign in, and its tokens stop working at once (the auth plugin checks). */
    async setDisabled(actor: Actor, id: string, input: z.output<typeof customerDisableSchema>) {
      const account = await mustAccount(id)
      if (id === actor.id) throw new ConflictError('You cannot disable your own account.')
      // Staff accounts follow the staff rules (an owner, never the last owner; decision 091).
      if (account.role === 'admin') throw new ConflictError(staffAccountHere)
      await deps.accounts.setDisabled(actor.id, id, input.disabled)
      return service.get(id)
    },
  }
  return service
}
export type AdminPeopleService = ReturnType<typeof createAdminPeopleService>
