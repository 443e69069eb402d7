import { z } from 'zod'

/** Account payloads and answers of spec section 7 (the user calls). */

export const genders = ['Male', 'Female', 'Other'] as const

const email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid e-mail address'))

export const registerBody = z.object({
  fullName: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  email,
  password: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters'),
})

export const loginBody = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1024),
})

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) })

export const logoutBody = z.object({
  id: z.string().max(64).optional(),
  /** When given, only this sign-in is ended; otherwise every sign-in of the account. */
  refreshToken: z.string().max(200).optional(),
})

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1, 'is required').max(1024),
  newPassword: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters'),
})

/** The answers to an e-mail change without the right current password (the settings screen shows them). */
export const CURRENT_PASSWORD_NEEDED = 'Please enter your current password to change your e-mail.'
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.'

/** Empty strings clear the optional fields. */
export const updateAccountBody = z.object({
  fullName: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  userName: z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  /** Empty only for an account made with a mobile number that has no e-mail yet (decision 141). */
  email: z.union([z.literal(''), email]),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{0,10}$/, 'must be digits only, at most 10')
    .optional(),
  dob: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'must be a date (YYYY-MM-DD)')
    .optional(),
  gender: z.union([z.enum(genders), z.literal('')]).optional(),
  /** Required only when `email` changes: a new e-mail is a new way into the account. */
  currentPassword: z.string().max(1024).optional(),
})

export const accountSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  userName: z.string(),
  /** Empty for an account made with a mobile number alone (decision 141). */
  email: z.string(),
  mobile: z.string(),
  /** The mobile number proved by a code, which signs in like the e-mail address ('' when none). */
  phone: z.string(),
  dob: z.string(),
  gender: z.string(),
  avatar: z.string(),
  /** Whether the address was proved by its link (decision 109): reviews and 80G receipts wait for it. */
  emailConfirmed: z.boolean(),
})
export type Account = z.infer<typeof accountSchema>

/** current-user answers the fields in `data` and again in `data.data` (the spec's client reads both). */
export const currentUserData = accountSchema.extend({ data: accountSchema })

export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds the refresh token lives: the client gives its cookie the same Max-Age. */
  refreshTokenExpiresIn: z.number().int(),
})

export const loginData = tokenPair.extend({
  user: accountSchema.pick({ _id: true, fullName: true, email: true, userName: true, avatar: true }),
})

/** Registration answers the new account and, as login does, a first sign-in (decision 027). */
export const registerData = loginData.extend(
  accountSchema.pick({ _id: true, fullName: true, email: true }).shape,
)

// Addresses (spec section 3 Address; section 5 Address modal).
export const addressTypes = ['Home', 'Office', 'Hotels', 'Others'] as const

const addressType = z.preprocess(
  (v) =>
    typeof v === 'string' ? (addressTypes.find((t) => t.toLowerCase() === v.trim().toLowerCase()) ?? v) : v,
  z.enum(addressTypes, { error: 'must be one of Home, Office, Hotels, Others' }),
)

const required = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`)

export const addressFields = z.object({
  fullName: required(100),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'must be exactly 10 digits'),
  streetAddress: required(300),
  city: required(100),
  state: required(100),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be exactly 6 digits'),
  country: z.string().trim().min(1).max(56).default('INDIA'),
  addressType: addressType.default('Office'),
})

export const addAddressBody = addressFields.extend({ userId: z.string().max(64).optional() })
export const updateAddressBody = z.object({
  fullName: required(100).optional(),
  phoneNumber: addressFields.shape.phoneNumber.optional(),
  streetAddress: required(300).optional(),
  city: required(100).optional(),
  state: required(100).optional(),
  postalCode: addressFields.shape.postalCode.optional(),
  country: z.string().trim().min(1).max(56).optional(),
  addressType: addressType.optional(),
  userId: z.string().max(64).optional(),
})
export type AddressInput = z.infer<typeof addressFields>

export const addressSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  addressType: z.string(),
  createdAt: z.string(),
})
export type Address = z.infer<typeof addressSchema>

export const dashboardData = z.object({
  user: accountSchema,
  address: addressSchema.nullable(),
  orders: z.object({ total: z.number().int(), pending: z.number().int(), completed: z.number().int() }),
})
export type Dashboard = z.infer<typeof dashboardData>
