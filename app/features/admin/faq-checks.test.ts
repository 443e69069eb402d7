import { describe, expect, it } from 'vitest'
import { codAnswerConflict } from './faq-checks.ts'

const on = { enabled: true, maxTotal: 10_000 }
const off = { enabled: false, maxTotal: 10_000 }
const q = 'Is cash on delivery (COD) available?'

describe('an FAQ answer about cash on delivery against the COD settings', () => {
  it('warns when it says no while COD is on, naming the limit', () => {
    expect(
      codAnswerConflict({ question: q, answer: '<p>Not at the moment. Every order is paid online.</p>' }, on),
    ).toBe(
      'Cash on delivery is on in Settings (orders up to ₹10,000), but this answer says it is not offered.',
    )
  })
  it('warns when it may say yes while COD is off', () => {
    expect(codAnswerConflict({ question: q, answer: '<p>Yes, for most orders.</p>' }, off)).toBe(
      'Cash on delivery is off in Settings, but this answer may say it is offered.',
    )
  })
  it('is quiet when they agree, for other questions, and before the settings are read', () => {
    expect(codAnswerConflict({ question: q, answer: '<p>Yes, for most orders.</p>' }, on)).toBeNull()
    expect(
      codAnswerConflict({ question: q, answer: '<p>No, every order is paid online.</p>' }, off),
    ).toBeNull()
    expect(
      codAnswerConflict(
        { question: 'How do I track my order?', answer: '<p>No need: we e-mail you.</p>' },
        on,
      ),
    ).toBeNull()
    expect(codAnswerConflict({ question: q, answer: '<p>Not at the moment.</p>' }, undefined)).toBeNull()
  })
})
