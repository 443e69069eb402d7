// The forms' checks (zod) compile themselves with `new Function` where they may. The shop's policy forbids
// it (decision 005), and the browser reports the refused try as a violation even though the checks carry on
// without. Zod reads this switch when a schema is made, so it is set by the root route's first import: the
// page's code evaluates the root route before the other routes, whose contracts make the schemas. Only in
// the browser: the server has no such policy, and its checks of API requests keep their compiled form.
if (typeof document !== 'undefined') {
  const zod = globalThis as { __zod_globalConfig?: Record<string, unknown> }
  zod.__zod_globalConfig = Object.assign(zod.__zod_globalConfig ?? {}, { jitless: true })
}
