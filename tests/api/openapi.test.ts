import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { testConfig } from '../../server/config.ts'
import { createTestApp, openTestDatabase, type TestApp } from '../support/test-app.ts'

/** The API document says what every operation answers (docs/decisions/065). */

type Operation = {
  operationId?: string
  security?: Record<string, string[]>[]
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>
}
type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  const?: unknown
  enum?: unknown[]
  items?: Schema
  additionalProperties?: Schema | boolean
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  description?: string
}
type Document = { paths: Record<string, Record<string, Operation>> }

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head'])

function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.has(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${url}`, url, op })),
  )
}

/**
 * Where an answer's schema says nothing about its contents: an object of anything (no properties, any
 * values), or a value of any kind that does not even say what it holds.
 */
function untypedParts(schema: Schema, at: string): string[] {
  const keys = Object.keys(schema)
  if (keys.length === 0) return [`${at} is any value, undescribed`]
  const found: string[] = []
  const isObject = schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'))
  const extra = schema.additionalProperties
  if (
    isObject &&
    !schema.properties &&
    (extra === undefined || extra === true || (typeof extra === 'object' && Object.keys(extra).length === 0))
  ) {
    found.push(`${at} is an object of anything`)
  }
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    found.push(...untypedParts(child, `${at}.${name}`))
  if (schema.items) found.push(...untypedParts(schema.items, `${at}[]`))
  if (extra && typeof extra === 'object' && Object.keys(extra).length > 0)
    found.push(...untypedParts(extra, `${at}{}`))
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...untypedParts(part, at))
  return found
}

let app: TestApp
let doc: Document

beforeAll(async () => {
  app = await createTestApp()
  doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
})
afterAll(async () => {
  await app.cleanup()
})

describe('the API document', () => {
  it('lists the shop API and nothing else', () => {
    const urls = Object.keys(doc.paths)
    expect(operations(doc).length).toBeGreaterThan(100)
    expect(urls.filter((u) => !u.startsWith('/api/v1/'))).toEqual([])
  })

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations(doc).map(({ name, op }) => [name, op.operationId] as const)
    expect(ids.filter(([, id]) => !id || !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([])
    const seen = new Map<string, string>()
    const twice = ids.filter(([name, id]) => seen.has(id!) || (seen.set(id!, name) && false))
    expect(twice).toEqual([])
    expect(seen.get('placeOrder')).toBe('POST /api/v1/order/add')
    expect(seen.get('cartAddProduct')).toBe('POST /api/v1/cart/add')
  })

  it('declares security on every operation: none when public, bearer when guarded', () => {
    const missing = operations(doc).filter(({ op }) => !Array.isArray(op.security))
    expect(missing.map((o) => o.name)).toEqual([])
    const security = (name: string) => operations(doc).find((o) => o.name === name)?.op.security
    expect(security('GET /api/v1/Product/products')).toEqual([])
    expect(security('POST /api/v1/user/login')).toEqual([])
    expect(security('POST /api/v1/order/add')).toEqual([{ bearer: [] }])
    expect(security('GET /api/v1/admin/orders')).toEqual([{ bearer: [] }])
  })

  it('declares the 4xx answers of every operation with the one error shape', () => {
    const problems: string[] = []
    for (const { name, url, op } of operations(doc)) {
      const responses = op.responses ?? {}
      const guarded = (op.security ?? []).length > 0
      const wanted = ['400', '429', '503']
      if (guarded) wanted.push('401')
      if (url.startsWith('/api/v1/admin/')) wanted.push('403')
      if (url.includes('{id}') || url.includes('{imageId}')) wanted.push('404')
      for (const code of wanted) if (!responses[code]) problems.push(`${name}: no ${code}`)
      for (const [code, answer] of Object.entries(responses)) {
        if (!/^(4\d\d|503)$/.test(code)) continue
        const schema = answer.content?.['application/json']?.schema
        const success = schema?.properties?.success
        const ok =
          (success?.const === false || (success?.enum?.length === 1 && success.enum[0] === false)) &&
          schema?.properties?.message?.type === 'string' &&
          schema.required?.includes('success') &&
          schema.required.includes('message')
        if (!ok) problems.push(`${name}: ${code} is not { success: false, message }`)
      }
    }
    expect(problems).toEqual([])
  })

  it('describes what every console operation answers (docs/decisions/090)', () => {
    const problems: string[] = []
    const console = operations(doc).filter(({ url }) => url.startsWith('/api/v1/admin/'))
    expect(console.length).toBeGreaterThan(70)
    for (const { name, op } of console) {
      const answers = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code))
      if (answers.length === 0) problems.push(`${name}: no 2xx answer`)
      for (const [code, answer] of answers) {
        const content = answer.content ?? {}
        if (Object.keys(content).length === 0) problems.push(`${name}: ${code} has no content`)
        for (const [type, { schema }] of Object.entries(content)) {
          if (!schema) problems.push(`${name}: ${code} ${type} has no schema`)
          else problems.push(...untypedParts(schema, `${name}: ${code} ${type} answer`))
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('keeps the pages, the health checks and the document itself out', async () => {
    // The full app with the web catch-all registered (no build is needed to list the routes).
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-no-build-'))
    const { database, drop } = await openTestDatabase()
    const full = await buildApp({ config: testConfig(), database, web: { buildDirectory: dir } })
    try {
      await full.ready()
      const urls = Object.keys((full.swagger() as Document).paths)
      expect(urls.filter((u) => !u.startsWith('/api/v1/'))).toEqual([])
      expect(urls).toContain('/api/v1/order/add')
    } finally {
      await full.close()
      await database.close()
      await drop()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
