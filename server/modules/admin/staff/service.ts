import type { z } from 'zod'
import { type StaffRole, staffAnswers } from '../../../../contracts/staff.ts'
import type { StaffMember, staffInviteSchema } from '../../../../contracts/staff-api.ts'
import { NotFoundError } from '../../../http/errors.ts'
import type { AccountsService } from '../../accounts/service.ts'
import { type Actor, mustId } from '../kit.ts'
import { staffRule } from './rules.ts'

type Accounts = Pick<
  AccountsService,
  'staffList' | 'inviteStaff' | 'inviteStaffAgain' | 'setStaffRole' | 'setStaffDisabled'
>

/**
 * The Staff screen: the staff list, invitations, roles, disabling. The accounts service writes the
 * accounts (in one transaction with the audit entry and any e-mail); the rules of who may change whom
 * are this domain's (rules.ts), judged inside that transaction.
 */
export function createAdminStaffService(deps: { accounts: Accounts }) {
  async function list(actor: Actor): Promise<StaffMember[]> {
    const rows = await deps.accounts.staffList()
    return rows.map((r) => ({
      _id: r.id,
      fullName: r.fullName,
      email: r.email,
      role: r.staffRole,
      since: r.staffSince?.toISOString() ?? null,
      disabled: Boolean(r.disabledAt),
      disabledAt: r.disabledAt?.toISOString() ?? null,
      invitationPending: r.invitationPending,
      passwordChosen: r.passwordChosen,
      you: r.id === actor.id,
    }))
  }

  async function member(actor: Actor, id: string): Promise<StaffMember> {
    const found = (await list(actor)).find((m) => m._id === id)
    if (!found) throw new NotFoundError(staffAnswers.notStaff)
    return found
  }

  const mustColleague = (id: string) => mustId(id, 'colleague on the staff')

  return {
    list,
    async invite(actor: Actor, input: z.output<typeof staffInviteSchema>) {
      const { outcome, userId } = await deps.accounts.inviteStaff(actor.id, input)
      return { outcome, member: await member(actor, userId) }
    },
    async inviteAgain(actor: Actor, id: string) {
      mustColleague(id)
      await deps.accounts.inviteStaffAgain(actor.id, id)
      return member(actor, id)
    },
    async setRole(actor: Actor, id: string, role: StaffRole) {
      mustColleague(id)
      await deps.accounts.setStaffRole(actor.id, id, role, staffRule({ kind: 'role', role }))
      return member(actor, id)
    },
    async setDisabled(actor: Actor, id: string, disabled: boolean) {
      mustColleague(id)
      const rule = staffRule(disabled ? { kind: 'disable' } : { kind: 'enable' })
      await deps.accounts.setStaffDisabled(actor.id, id, disabled, rule)
      return member(actor, id)
    },
  }
}
export type AdminStaffService = ReturnType<typeof createAdminStaffService>
