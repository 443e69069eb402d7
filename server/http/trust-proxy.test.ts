import { describe, expect, it } from 'vitest'
import { parseEnv, startupWarnings } from '../config.ts'
import { hopCountWarning, isLoopbackHost } from './trust-proxy.ts'

describe('a hop count on an address others can reach', () => {
  it('knows loopback addresses from the rest', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(true)
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'shop.example.in', '::ffff:10.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false)
  })

  it('warns for a hop count unless the shop listens on loopback only', () => {
    expect(hopCountWarning(1, '0.0.0.0')).toMatch(
      /^TRUST_PROXY=1 believes X-Forwarded-For from whoever connects/,
    )
    expect(hopCountWarning(2, '10.0.0.5')).toContain('HOST=10.0.0.5')
    expect(hopCountWarning(1, '127.0.0.1')).toBeNull()
    expect(hopCountWarning(1, '::1')).toBeNull()
    // Named proxies are believed only when they are the ones connecting; no proxy believes nobody.
    expect(hopCountWarning(['127.0.0.1'], '0.0.0.0')).toBeNull()
    expect(hopCountWarning(['10.0.0.0/8'], '0.0.0.0')).toBeNull()
    expect(hopCountWarning(false, '0.0.0.0')).toBeNull()
  })

  it('is among the start warnings, with the default HOST', () => {
    const warnings = (env: Record<string, string>) =>
      startupWarnings(parseEnv({ NODE_ENV: 'development', ...env }))
    expect(warnings({ TRUST_PROXY: '1' })).toEqual([hopCountWarning(1, '0.0.0.0')])
    expect(warnings({ TRUST_PROXY: '1', HOST: '127.0.0.1' })).toEqual([])
    expect(warnings({ TRUST_PROXY: '127.0.0.1' })).toEqual([])
  })
})
