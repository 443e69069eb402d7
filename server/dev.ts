import type { ViteDevServer } from 'vite'
import { buildApp } from './app.ts'
import { getRuntime } from './runtime.ts'

/** Loaded by the Vite plugin during `npm run dev`; the database stays open across reloads. */
export async function createServer(vite?: ViteDevServer) {
  const { config, database } = await getRuntime()
  return buildApp({ config, database, web: { devServer: vite } })
}
