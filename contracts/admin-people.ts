import { z } from 'zod'
import { addressSchema } from './accounts.ts'
import { pageOf } from './admin.ts'

/** What the console's customer operations answer (/api/v1/admin/customers…). */

const when = z.string().meta({ format: 'date-time' })
const role = z.enum(['customer', 'admin'])

/** A row of the customer list (every account, staff too). */
export const adminCustomerItemSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  role,
  disabled: z.boolean(),
  orderCount: z.number().int(),
  createdAt: when,
})
export type AdminCustomerItem = z.infer<typeof adminCustomerItemSchema>

export const adminCustomerPageSchema = pageOf(adminCustomerItemSchema)
export type AdminCustomerPage = z.infer<typeof adminCustomerPageSchema>

/** One account with its addresses and orders (newest first). */
export const adminCustomerSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  userName: z.string().nullable(),
  email: z.string(),
  mobile: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  role,
  disabled: z.boolean(),
  disabledAt: when.nullable(),
  createdAt: when,
  addresses: z.array(addressSchema.omit({ userId: true, createdAt: true })),
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string(),
      status: z.string(),
      total: z.number().meta({ description: 'Rupees' }),
      paymentStatus: z.string(),
      createdAt: when,
    }),
  ),
})
export type AdminCustomer = z.infer<typeof adminCustomerSchema>
