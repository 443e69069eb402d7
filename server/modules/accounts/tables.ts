import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'

export const users = pgTable(
  'users',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    userName: text('user_name'),
    // Null for an account made with a mobile number alone (decision 141); it may add one later.
    email: text('email'),
    // NO_PASSWORD (server/modules/accounts/passwords.ts) until a password is chosen.
    passwordHash: text('password_hash').notNull(),
    mobile: text('mobile'),
    // A mobile number proved by a one-time code (decision 141): '+91' and ten digits, one account each. It
    // signs in like the e-mail address; `mobile` above stays the profile's free contact field.
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    dob: text('dob'),
    gender: text('gender'),
    avatar: text('avatar'),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    // Staff only (role 'admin'): what they may open in the console (contracts/staff.ts, decision 091), and
    // since when; among owners, the earlier one is above the later.
    staffRole: text('staff_role', { enum: ['owner', 'manager', 'orders', 'catalogue'] }),
    staffSince: timestamp('staff_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    // When the owner of the address proved it by the link mailed to it (decision 109); null = unconfirmed.
    // Reviews, 80G receipts and staff rights wait for it; shopping does not.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_idx').on(t.phone).where(sql`${t.phone} is not null`),
    // Every account can be reached and signed into: by its e-mail address, its proved number, or both.
    check('users_email_or_phone', sql`${t.email} is not null or ${t.phone} is not null`),
    // The console's customer list, newest first.
    index('users_created_idx').on(t.createdAt, t.id),
  ],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // The token issued when this one was used: a retry within the grace period gets the same pair back.
    replacedById: text('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
)

/**
 * Single-use password reset links; only the hash of the token is kept. A staff invitation is one of these
 * with the role it grants (decision 109): the account becomes staff only when the link is followed and a
 * new password chosen, which also proves the address.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    staffRole: text('staff_role', { enum: ['owner', 'manager', 'orders', 'catalogue'] }),
    invitedById: text('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_idx').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
)

/** Single-use links that confirm an e-mail address belongs to its account; only the token's hash is kept. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The address the link confirms: a link sent before an e-mail change confirms nothing after it.
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('email_confirmations_hash_idx').on(t.tokenHash),
    index('email_confirmations_user_idx').on(t.userId),
  ],
)

/**
 * One-time codes sent to a mobile number (decision 141): to sign in (or sign up) with it, or to add it to a
 * signed-in account. Only a keyed hash of the code is kept; five tries, five minutes.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['sign-in', 'link'] }).notNull(),
    // The signed-in account a 'link' code adds the number to.
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
)
