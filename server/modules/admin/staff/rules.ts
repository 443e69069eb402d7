import { staffAnswers } from '../../../../contracts/staff.ts'
import { ConflictError, ForbiddenError } from '../../../http/errors.ts'
import { notYourArea } from '../../../plugins/auth.ts'
import type { StaffAccount, StaffChange } from '../../accounts/service.ts'

/** What an owner does to a colleague on the Staff screen. */
export type StaffMove =
  | { kind: 'role'; role: StaffAccount['staffRole'] }
  | { kind: 'disable' }
  | { kind: 'enable' }

const enabledOwner = (a: StaffAccount | undefined) => a?.staffRole === 'owner' && !a.disabledAt

/** Among owners, the one who has held the role longer is above the later (a tie puts neither above). */
const above = (a: StaffAccount, b: StaffAccount) =>
  a.staffSince !== null && b.staffSince !== null && a.staffSince.getTime() < b.staffSince.getTime()

/**
 * The staff rules (docs/decisions/091), judged on the staff as they are inside the change's transaction:
 * only an owner changes staff; nobody changes their own role or disables themselves; an owner who is
 * demoted or disabled must not be the last enabled owner, nor above the owner doing it. Enabling a
 * colleague again is always allowed.
 */
export function staffRule(move: StaffMove) {
  return ({ actor, colleague, owners }: StaffChange) => {
    // The sign-in's role was checked when the request came in; it may have changed since (another owner).
    if (!enabledOwner(actor)) throw new ForbiddenError(notYourArea)
    if (colleague.id === actor!.id) {
      throw new ConflictError(move.kind === 'role' ? staffAnswers.yourOwnRole : staffAnswers.yourOwnAccount)
    }
    if (move.kind === 'enable' || colleague.staffRole !== 'owner') return
    if (move.kind === 'role' && move.role === 'owner') return
    if (enabledOwner(colleague) && owners.filter(enabledOwner).length <= 1) {
      throw new ConflictError(staffAnswers.lastOwner)
    }
    if (above(colleague, actor!)) throw new ConflictError(staffAnswers.seniorOwner(colleague.fullName))
  }
}
