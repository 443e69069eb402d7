import { z } from 'zod'
import { staffRoles } from './staff.ts'

/**
 * The staff screen's requests and answers (/api/v1/admin/staff…, docs/decisions/091). Kept apart from
 * `staff.ts`, which every console page imports and which therefore stays free of zod; only the staff
 * screen's chunk imports this file (its types, and the invitation form's checks).
 */

const when = z.string().meta({ format: 'date-time' })

export const staffRoleSchema = z.enum(staffRoles, { error: 'Choose one of the roles.' })

/** An owner invites a colleague: an e-mail, their name and the role they start with. */
export const staffInviteSchema = z.object({
  email: z
    .string({ error: 'Enter their e-mail address.' })
    .trim()
    .min(1, 'Enter their e-mail address.')
    .max(254, 'The e-mail address can be at most 254 characters.')
    .pipe(z.email('Enter a whole e-mail address, like name@example.in.')),
  fullName: z
    .string({ error: 'Enter their name.' })
    .trim()
    .min(1, 'Enter their name.')
    .max(100, 'The name can be at most 100 characters.'),
  role: staffRoleSchema,
})
export type StaffInvite = z.input<typeof staffInviteSchema>

export const staffRoleChangeSchema = z.object({ role: staffRoleSchema })

export const staffDisableSchema = z.object({
  disabled: z.boolean({ error: 'Say whether the account is disabled (true) or enabled (false).' }),
})

/** One colleague on the staff list. */
export const staffMemberSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  since: when
    .nullable()
    .meta({ description: 'Since when they hold this role; among owners, earlier is senior' }),
  disabled: z.boolean(),
  disabledAt: when.nullable(),
  invitationPending: z.boolean().meta({ description: 'Invited (or made staff) but not signed in since' }),
  passwordChosen: z
    .boolean()
    .meta({ description: 'False for an invitation whose link has not been used: it may be sent again' }),
  you: z.boolean().meta({ description: 'The signed-in owner asking' }),
})
export type StaffMember = z.infer<typeof staffMemberSchema>

export const staffListSchema = z.object({ items: z.array(staffMemberSchema) })
export type StaffList = z.infer<typeof staffListSchema>

/**
 * An invitation: a new account (`invited`), or an address that has a customer account (`invited-customer`),
 * which becomes staff only when the invitation's link is followed and a new password chosen.
 */
export const staffInvitedSchema = z.object({
  outcome: z.enum(['invited', 'invited-customer']),
  member: staffMemberSchema,
})
export type StaffInvited = z.infer<typeof staffInvitedSchema>
