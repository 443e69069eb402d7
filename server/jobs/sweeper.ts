import type { FastifyBaseLogger } from 'fastify'

/**
 * Runs the shop's periodic work (lapsed reservations, refunds to retry) inside the app: every
 * `everyMs`, one run at a time, errors logged and never thrown. With several instances each runs it;
 * the work itself claims rows (FOR UPDATE SKIP LOCKED, refund leases), so nothing is done twice.
 */
export function startSweeper(opts: {
  everyMs: number
  log: FastifyBaseLogger
  work: () => Promise<Record<string, number>>
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null
  const tick = () => {
    if (running) return
    running = opts
      .work()
      .then((done) => {
        if (Object.values(done).some((n) => n > 0)) opts.log.info(done, 'background work done')
      })
      .catch((err) => opts.log.error({ err }, 'background work failed; it runs again shortly'))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, opts.everyMs)
  timer.unref()
  // A first run soon after start catches what lapsed while the shop was down.
  const first = setTimeout(tick, Math.min(5_000, opts.everyMs))
  first.unref()
  return {
    async stop() {
      clearInterval(timer)
      clearTimeout(first)
      await running
    },
  }
}
