import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { serverNodeFlags } from './node-flags.ts'

describe('the heap the shop runs with', () => {
  it('is given by npm start and by the systemd unit, the same as the benchmarks use', () => {
    const flags = serverNodeFlags.join(' ')
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start
    expect(start).toBe(`node ${flags} scripts/start.ts`)
    const unit = readFileSync('deploy/systemd/shop@.service', 'utf8')
    expect(unit).toContain(`/node ${flags} server/main.ts`)
  })
})
