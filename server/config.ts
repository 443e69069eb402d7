import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { paymentsSimulated } from '../contracts/payment-mode.ts'

export { paymentsSimulated }

import { hopCountWarning, parseTrustProxy } from './http/trust-proxy.ts'
import { pushProviderNames, smsProviderNames, whatsappProviderNames } from './modules/messaging/provider.ts'
import {
  messagingChoiceNeeding,
  messagingProviderEnv,
  missingMessagingVariables,
} from './modules/messaging/providers.ts'
import { paymentProviderNames } from './modules/payments/provider.ts'
import { missingProviderVariables, paymentProviderEnv } from './modules/payments/providers.ts'
import { shippingProviderNames } from './modules/shipping/provider.ts'
import { missingShippingVariables, shippingProviderEnv } from './modules/shipping/providers.ts'

/** An http(s) address with no query or fragment; the example goes in the message. */
const httpAddress = (example: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, `must be an http:// or https:// address such as ${example}`)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // A folder where the demo seed keeps the pictures it draws, to copy them on the next empty start (the tests
  // start many demo shops); unset, every first start draws them.
  DEMO_PICTURE_CACHE: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_ACCESS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_REFRESH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Signs and checks backups (npm run backup / restore, docs/decisions/075); the shop itself never reads it.
  BACKUP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(3600)
    .default(30 * 86_400),
  // The default holds outside production: a production start names its provider (docs/decisions/117).
  PAYMENT_PROVIDER: z.enum(paymentProviderNames).default('sandbox'),
  // Each provider's own variables (RAZORPAY_*), defined and checked by the provider (docs/decisions/116).
  ...paymentProviderEnv,
  // Who carries the parcels (docs/decisions/135): the built-in sandbox courier, or Shiprocket with its SHIPROCKET_*.
  SHIPPING_PROVIDER: z.enum(shippingProviderNames).default('sandbox'),
  ...shippingProviderEnv,
  // Who carries WhatsApp and SMS messages (docs/decisions/141): the built-in sandbox (nothing leaves the
  // machine; the console's Outbox shows each), or the WhatsApp Cloud API and MSG91 with their own variables.
  WHATSAPP_PROVIDER: z.enum(whatsappProviderNames).default('sandbox'),
  SMS_PROVIDER: z.enum(smsProviderNames).default('sandbox'),
  // Web push (docs/decisions/144): the sandbox keeps each push in the Outbox; web-push sends it with the
  // shop's VAPID keys (VAPID_*, generated once and kept with the secrets unless given).
  PUSH_PROVIDER: z.enum(pushProviderNames).default('sandbox'),
  ...messagingProviderEnv,
  // Shared limits for several instances (docs/decisions/069); unset, every limit is kept in this process.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'must look like redis://host:6379 or rediss://… (TLS)')
    .optional(),
  // Starts every key the shop writes to Redis, so several shops can share one server.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1–64 letters, digits or : _ . -')
    .default('shop:'),
  // The longest a Redis call may take before that limit is counted in memory instead (decision 069).
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(20).max(10_000).default(200),
  // Without SMTP_URL no e-mail leaves the machine: each is kept in the outbox for the console (decision 070).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must look like smtp://user:pass@host:port or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(3000),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  // PostgreSQL only (docs/decisions/064); 0 turns the statement or idle-in-transaction limit off.
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // Unset, /metrics answers 404; set, it needs `Authorization: Bearer <METRICS_TOKEN>` (docs/decisions/068).
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Uploads in S3-compatible object storage instead of DATA_DIR/uploads (docs/decisions/074).
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ENDPOINT: httpAddress('https://s3.ap-south-1.amazonaws.com').optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a region name such as ap-south-1 (lowercase letters, digits, -)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  S3_PUBLIC_URL: httpAddress('https://cdn.example.in/uploads')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw)
      if (parsed.ok) return parsed.value
      ctx.addIssue({ code: 'custom', message: parsed.message })
      return z.NEVER
    }),
})

export type Env = z.infer<typeof envSchema>

/**
 * The secrets the shop generates once and keeps (DATA_DIR/secrets.json, or `shared_secrets` with PostgreSQL),
 * by the names they are stored under. The sandbox's two are its own: Razorpay's keys are only ever read
 * from the environment, by the Razorpay provider (docs/decisions/116).
 */
export type Secrets = {
  jwtAccessSecret: string
  jwtRefreshSecret: string
  sandboxKeySecret: string
  sandboxWebhookSecret: string
}

export type Config = Env & { dataDir: string; secrets: Secrets; embedded: boolean }

export class ConfigError extends Error {}

/** The PostgreSQL timeouts of a configuration, as the database client takes them. */
export function databaseTimeouts(env: Env) {
  return {
    connectMs: env.DB_CONNECT_TIMEOUT_MS,
    statementMs: env.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  }
}

/** Reads and checks the environment once; a bad value names its variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const missing = [
    ...missingProviderVariables(env).map(
      (name) => `  ${name}: required when PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER}`,
    ),
    ...missingShippingVariables(env).map(
      (name) => `  ${name}: required when SHIPPING_PROVIDER=${env.SHIPPING_PROVIDER}`,
    ),
    ...missingMessagingVariables(env).map(
      (name) => `  ${name}: required when ${messagingChoiceNeeding(name, env)}`,
    ),
  ]
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`)
  const s3Names = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
    'S3_PUBLIC_URL',
  ] as const
  const s3Lines: string[] = []
  // Half an S3 setting must not quietly leave uploads on one instance's disk.
  if (!env.S3_BUCKET) {
    for (const name of s3Names.filter((n) => env[n] !== undefined))
      s3Lines.push(`  ${name}: needs S3_BUCKET too (uploads stay in DATA_DIR/uploads without it)`)
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'
    s3Lines.push(`  ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`)
  }
  if (s3Lines.length > 0) throw new ConfigError(`Invalid configuration:\n${s3Lines.join('\n')}`)
  if (env.SMTP_URL && !env.MAIL_FROM) {
    throw new ConfigError(
      "Invalid configuration:\n  MAIL_FROM: required when SMTP_URL is set (the shop's sender address)",
    )
  }
  return env
}

/** Things an operator must hear about at start, one line each. */
export function startupWarnings(
  config: Pick<Env, 'NODE_ENV' | 'PAYMENT_PROVIDER' | 'TRUST_PROXY' | 'HOST'>,
): string[] {
  const warnings: string[] = []
  if (paymentsSimulated(config)) {
    warnings.push(
      'Payments are SIMULATED: PAYMENT_PROVIDER is sandbox, so no money moves and customers can mark their ' +
        'own orders paid. Set PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and ' +
        'RAZORPAY_WEBHOOK_SECRET before taking real orders.',
    )
  }
  const exposed = hopCountWarning(config.TRUST_PROXY, config.HOST)
  if (exposed) warnings.push(exposed)
  return warnings
}

export const secretNames = [
  'jwtAccessSecret',
  'jwtRefreshSecret',
  'sandboxKeySecret',
  'sandboxWebhookSecret',
] as const satisfies ReadonlyArray<keyof Secrets>

export const newSecret = () => randomBytes(32).toString('base64url')

/** The environment's token secrets win over stored or generated ones; the sandbox's are always its own. */
export function withEnvSecrets(env: Env, stored: Secrets): Secrets {
  return {
    jwtAccessSecret: env.JWT_ACCESS_SECRET ?? stored.jwtAccessSecret,
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ?? stored.jwtRefreshSecret,
    sandboxKeySecret: stored.sandboxKeySecret,
    sandboxWebhookSecret: stored.sandboxWebhookSecret,
  }
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR (the embedded database). */
export function loadSecrets(env: Env, dataDir: string | null): Secrets {
  let stored: Partial<Secrets> = {}
  const file = dataDir ? path.join(dataDir, 'secrets.json') : null
  if (file && existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'))
  const generated = Object.fromEntries(
    secretNames.map((name) => [name, stored[name] ?? newSecret()]),
  ) as Secrets
  // What else the file keeps (the VAPID key pair, server/modules/push/vapid.ts) stays in it.
  const kept = { ...stored, ...generated }
  if (file && JSON.stringify(kept) !== JSON.stringify(stored)) {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 })
  }
  return withEnvSecrets(env, generated)
}

/**
 * The refusal of a production start that does not name its payment provider (docs/decisions/117): the
 * sandbox lets customers mark orders paid, so a live shop never falls into it by default.
 */
export const providerChoiceRequired =
  `Invalid configuration:\n  PAYMENT_PROVIDER: required when NODE_ENV=production: ${paymentProviderNames.join(' or ')} ` +
  '(razorpay takes real payments; sandbox simulates them and no money moves)'

/** What `npm start` says when it chooses the sandbox itself, so the quick start needs no settings. */
export const quickStartSandbox =
  'PAYMENT_PROVIDER is not set, so npm start uses the payment sandbox: payments are simulated and no money ' +
  'moves. Set PAYMENT_PROVIDER=razorpay (with its keys) to take real payments, or PAYMENT_PROVIDER=sandbox ' +
  'to say so yourself.'

/** The configuration of a start (the shop's process): the environment checked, its secrets loaded. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source)
  // parseEnv's default is for development and tests: a production start must have named it.
  if (env.NODE_ENV === 'production' && !source.PAYMENT_PROVIDER) {
    throw new ConfigError(providerChoiceRequired)
  }
  const dataDir = path.resolve(env.DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  // With PostgreSQL every instance shares the secrets kept in the database (docs/decisions/067): these
  // stand-ins are replaced by `loadSharedSecrets` once it is open, and nothing is written to DATA_DIR.
  const secrets = env.DATABASE_URL ? loadSecrets(env, null) : loadSecrets(env, dataDir)
  return { ...env, dataDir, secrets, embedded: !env.DATABASE_URL }
}

/** A config for tests: no files, fresh secrets, quiet logs. */
export function testConfig(overrides: Partial<Env> = {}): Config {
  const env = { ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'none' }), ...overrides }
  return { ...env, dataDir: '', secrets: loadSecrets(env, null), embedded: !env.DATABASE_URL }
}
