import { describe, expect, it } from 'vitest'
import { staffAnswers } from '../../../../contracts/staff.ts'
import { notYourArea } from '../../../plugins/auth.ts'
import type { StaffAccount, StaffChange } from '../../accounts/service.ts'
import { type StaffMove, staffRule } from './rules.ts'

/** The owners' rules on their own, including the cases the API cannot reach (decision 091). */

const person = (id: string, over: Partial<StaffAccount> = {}): StaffAccount => ({
  id,
  fullName: `Person ${id}`,
  email: `${id}@example.in`,
  staffRole: 'owner',
  staffSince: new Date('2025-01-01T00:00:00Z'),
  disabledAt: null,
  ...over,
})

function judge(
  move: StaffMove,
  actor: StaffAccount | undefined,
  colleague: StaffAccount,
  others: StaffAccount[] = [],
) {
  const everyone = [actor, colleague, ...others].filter((p): p is StaffAccount => Boolean(p))
  const change: StaffChange = { actor, colleague, owners: everyone.filter((p) => p.staffRole === 'owner') }
  try {
    staffRule(move)(change)
    return 'allowed'
  } catch (e) {
    return (e as Error).message
  }
}

const demote: StaffMove = { kind: 'role', role: 'manager' }
const disable: StaffMove = { kind: 'disable' }

describe('the staff rules', () => {
  it('refuses the last enabled owner to be demoted or disabled, even by someone the lock shows as owner', () => {
    // An actor disabled a moment ago is no owner any more: refused before anything else.
    const disabledActor = person('a', { disabledAt: new Date() })
    expect(judge(disable, disabledActor, person('b'))).toBe(notYourArea)
    // The only enabled owner, with the acting owner's own account just disabled elsewhere.
    const lastOwner = person('b', { staffSince: new Date('2026-01-01T00:00:00Z') })
    const change: StaffChange = {
      actor: person('a', { staffSince: new Date('2020-01-01T00:00:00Z') }),
      colleague: lastOwner,
      owners: [lastOwner],
    }
    for (const move of [demote, disable]) {
      expect(() => staffRule(move)(change)).toThrow(staffAnswers.lastOwner)
    }
    // A disabled owner is not counted: another enabled owner is needed.
    expect(judge(disable, person('a'), person('b'), [person('c', { disabledAt: new Date() })])).toBe(
      'allowed',
    )
  })

  it('puts an owner who has held the role longer above a later one; a tie puts neither above', () => {
    const early = person('early', { staffSince: new Date('2021-01-01T00:00:00Z') })
    const late = person('late', { staffSince: new Date('2024-01-01T00:00:00Z') })
    expect(judge(demote, late, early)).toBe(staffAnswers.seniorOwner('Person early'))
    expect(judge(disable, late, early)).toBe(staffAnswers.seniorOwner('Person early'))
    expect(judge(demote, early, late)).toBe('allowed')
    expect(judge(disable, person('x'), person('y'))).toBe('allowed')
    // Enabling, promoting to owner and any change to a non-owner are not about seniority.
    expect(judge({ kind: 'enable' }, late, { ...early, disabledAt: new Date() })).toBe('allowed')
    expect(judge({ kind: 'role', role: 'owner' }, late, { ...early, staffRole: 'manager' })).toBe('allowed')
    expect(judge(disable, late, { ...early, staffRole: 'orders' })).toBe('allowed')
  })

  it('refuses changes to oneself, and anyone but an enabled owner', () => {
    const me = person('me')
    expect(judge(demote, me, me)).toBe(staffAnswers.yourOwnRole)
    expect(judge(disable, me, me)).toBe(staffAnswers.yourOwnAccount)
    expect(judge(disable, person('m', { staffRole: 'manager' }), person('o', { staffRole: 'orders' }))).toBe(
      notYourArea,
    )
    expect(judge(disable, undefined, person('o'))).toBe(notYourArea)
  })
})
