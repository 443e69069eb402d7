import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  ConfigError,
  loadConfig,
  parseEnv,
  paymentsSimulated,
  providerChoiceRequired,
  startupWarnings,
} from '../../server/config.ts'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-config-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const razorpayKeys = {
  RAZORPAY_KEY_ID: 'rzp_test_abc',
  RAZORPAY_KEY_SECRET: 'key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
}

/** Runs the real start with the given environment until it exits; its output and exit code. */
function startProcess(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED: 'none',
      PORT: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })))
}

describe('PAYMENT_PROVIDER=razorpay needs its keys', () => {
  it.each(Object.keys(razorpayKeys))('refuses a configuration without %s, naming it', (name) => {
    const env = { PAYMENT_PROVIDER: 'razorpay', ...razorpayKeys, [name]: '' }
    expect(() => parseEnv(env)).toThrow(ConfigError)
    expect(() => parseEnv(env)).toThrow(new RegExp(`${name}: required when PAYMENT_PROVIDER=razorpay`))
  })

  it('accepts razorpay with all three', () => {
    expect(parseEnv({ PAYMENT_PROVIDER: 'razorpay', ...razorpayKeys }).PAYMENT_PROVIDER).toBe('razorpay')
  })

  it('the start refuses razorpay without keys: exit 1 and one message naming every missing variable', async () => {
    const { code, out } = await startProcess({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_abc',
    })
    expect(code).toBe(1)
    expect(out).toContain('RAZORPAY_KEY_SECRET: required when PAYMENT_PROVIDER=razorpay')
    expect(out).toContain('RAZORPAY_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=razorpay')
    expect(out).not.toContain('RAZORPAY_KEY_ID:')
    expect(out).not.toMatch(/at .*\.ts:\d+/)
  }, 30_000)
})

describe('a production start names its payment provider (decision 117)', () => {
  it('is refused without PAYMENT_PROVIDER, naming it and its values', () => {
    const start = { NODE_ENV: 'production', DATA_DIR: dataDir }
    expect(() => loadConfig(start)).toThrow(ConfigError)
    expect(() => loadConfig(start)).toThrow(providerChoiceRequired)
    expect(providerChoiceRequired).toContain(
      'PAYMENT_PROVIDER: required when NODE_ENV=production: sandbox or razorpay',
    )
    expect(loadConfig({ ...start, PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox')
  })

  it('outside production the sandbox is still the default', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).PAYMENT_PROVIDER).toBe('sandbox')
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).PAYMENT_PROVIDER).toBe('sandbox')
  })

  it('the start refuses it: exit 1 and the message, no stack trace', async () => {
    const { code, out } = await startProcess({ PAYMENT_PROVIDER: '' })
    expect(code).toBe(1)
    expect(out).toContain(providerChoiceRequired)
    expect(out).not.toMatch(/at .*\.ts:\d+/)
  }, 30_000)
})

describe('the sandbox in production', () => {
  it('is flagged as simulated payments with a start warning', () => {
    const config = parseEnv({ NODE_ENV: 'production' })
    expect(config.PAYMENT_PROVIDER).toBe('sandbox')
    expect(paymentsSimulated(config)).toBe(true)
    const warnings = startupWarnings(config)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Payments are SIMULATED: PAYMENT_PROVIDER is sandbox/)
  })

  it('is quiet in development and with razorpay in production', () => {
    expect(startupWarnings(parseEnv({ NODE_ENV: 'development' }))).toEqual([])
    const real = parseEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'razorpay', ...razorpayKeys })
    expect(paymentsSimulated(real)).toBe(false)
    expect(startupWarnings(real)).toEqual([])
  })
})

describe('object storage settings (S3_*)', () => {
  const bucket = { S3_BUCKET: 'kalaa-shop-uploads' }

  it('are all optional: without them uploads stay in DATA_DIR/uploads', () => {
    const env = parseEnv({})
    expect(env.S3_BUCKET).toBeUndefined()
    expect(env.S3_FORCE_PATH_STYLE).toBeUndefined()
  })

  it('take a bucket with an endpoint, region, keys, path style and a public address', () => {
    const env = parseEnv({
      ...bucket,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'shop',
      S3_SECRET_ACCESS_KEY: 'a-secret-key',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.in/uploads/',
    })
    expect(env).toMatchObject({ S3_FORCE_PATH_STYLE: true, S3_PUBLIC_URL: 'https://cdn.example.in/uploads' })
    expect(parseEnv({ ...bucket, S3_FORCE_PATH_STYLE: '0' }).S3_FORCE_PATH_STYLE).toBe(false)
  })

  it.each([
    [{ S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET: must be a bucket name'],
    [{ ...bucket, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http:// or https:// address'],
    [{ ...bucket, S3_REGION: 'Mumbai 1' }, 'S3_REGION: must be a region name such as ap-south-1'],
    [{ ...bucket, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE: must be true or false'],
    [{ ...bucket, S3_PUBLIC_URL: 'cdn.example.in' }, 'S3_PUBLIC_URL: must be an http:// or https:// address'],
    [
      { ...bucket, S3_ACCESS_KEY_ID: 'shop' },
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go',
    ],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT: needs S3_BUCKET too'],
    [{ S3_PUBLIC_URL: 'https://cdn.example.in' }, 'S3_PUBLIC_URL: needs S3_BUCKET too'],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError)
    expect(() => parseEnv(env)).toThrow(message)
  })
})

describe('REDIS_URL and REDIS_PREFIX', () => {
  it('are unset and "shop:" by default', () => {
    const env = parseEnv({})
    expect(env.REDIS_URL).toBeUndefined()
    expect(env.REDIS_PREFIX).toBe('shop:')
  })

  it.each([
    'redis://127.0.0.1:6379',
    'redis://:secret@cache.internal:6380/2',
    'rediss://cache.example.in:6380',
  ])('accepts %s', (url) => {
    expect(parseEnv({ REDIS_URL: url }).REDIS_URL).toBe(url)
  })

  it.each(['127.0.0.1:6379', 'http://cache:6379', 'redis//cache', 'redis://cache host'])(
    'refuses %s, naming the variable and not repeating the value',
    (url) => {
      expect(() => parseEnv({ REDIS_URL: url })).toThrow(ConfigError)
      expect(() => parseEnv({ REDIS_URL: url })).toThrow(/REDIS_URL: must look like redis:\/\/host:6379/)
    },
  )

  it('refuses a prefix with spaces or odd characters', () => {
    expect(() => parseEnv({ REDIS_PREFIX: 'my shop' })).toThrow(/REDIS_PREFIX/)
    expect(parseEnv({ REDIS_PREFIX: 'kalaa-setu:' }).REDIS_PREFIX).toBe('kalaa-setu:')
  })
})
