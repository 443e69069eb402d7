import { describe, expect, it } from 'vitest'
import { serializeError } from './logging.ts'

describe('serializeError', () => {
  const query = 'Failed query: insert into "users" ("email") values ($1)\nparams: meena@example.in'

  it('withholds a failed query and its parameters, also when another message repeats it', () => {
    expect(serializeError(new Error(query)).message).toBe('Failed query (SQL and parameters withheld)')
    const wrapped = serializeError(new Error(`Sign-up failed: ${query}`, { cause: new Error(query) }))
    expect(wrapped.message).toBe('Sign-up failed: Failed query (SQL and parameters withheld)')
    expect(JSON.stringify(wrapped)).not.toContain('meena@example.in')
  })

  it('keeps the code of a driver error but not its detail', () => {
    const driver = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
      detail: 'Key (email)=(meena@example.in)',
    })
    const out = serializeError(driver)
    expect(out).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
    expect(JSON.stringify(out)).not.toContain('meena@example.in')
  })
})
