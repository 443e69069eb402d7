import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serverNodeFlags } from '../../server/node-flags.ts'

/**
 * The deployment of docs/deploy.md on one machine: real `node server/main.ts` processes and Debian's
 * nginx with the project's own proxy rules (deploy/nginx/shop-proxy.conf) in front of them.
 */

export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const root = path.resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export type Answer = {
  statusCode: number
  headers: http.IncomingHttpHeaders
  raw: Buffer
  body: string
  // biome-ignore lint/suspicious/noExplicitAny: read like light-my-request's inject answers, which the tests share
  json(): any
}

export type Call = {
  method?: string
  url: string
  headers?: Record<string, string>
  payload?: unknown
  /** A body sent as it is (a multipart upload), with its own content-type in `headers`. */
  body?: Buffer
  /** The client's own address (any of 127.0.0.0/8 on Linux), to tell clients apart behind nginx. */
  from?: string
  /** A keep-alive agent to reuse connections (a load test); by default each call opens its own. */
  agent?: http.Agent
}

/** One HTTP call; a JSON payload is sent as JSON. */
export function call(base: string, c: Call): Promise<Answer> {
  const target = new URL(c.url, base)
  const body = c.body ?? (c.payload === undefined ? undefined : JSON.stringify(c.payload))
  const headers: Record<string, string> = { ...c.headers }
  if (c.payload !== undefined) headers['content-type'] = 'application/json'
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      { method: c.method ?? 'GET', headers, localAddress: c.from, agent: c.agent ?? false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (d: Buffer) => chunks.push(d))
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          const text = raw.toString('utf8')
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            raw,
            body: text,
            json: () => JSON.parse(text),
          })
        })
        res.on('error', reject)
      },
    )
    req.setTimeout(15_000, () => req.destroy(new Error(`${c.method ?? 'GET'} ${c.url}: no answer in 15 s`)))
    req.on('error', reject)
    req.end(body)
  })
}

/** Polls until `check` holds, for at most `ms`; returns how long it took. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
  return Date.now() - started
}

/** A pino line as the shop writes it; `req` on a request's first line. */
export type LogLine = {
  reqId?: string
  msg?: string
  req?: { remoteAddress?: string }
  [key: string]: unknown
}

export type Instance = {
  port: number
  /** The process's id (a load test reads its CPU time). */
  pid: number
  base: string
  /** Every JSON log line the process wrote so far. */
  logs: LogLine[]
  stop(): Promise<void>
}

/** `node server/main.ts` as a systemd unit of deploy/systemd/shop@.service would run it. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-instance-${port}-`))
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // As deploy/shop.env.example sets it: a production start names its provider (docs/decisions/117).
      PAYMENT_PROVIDER: 'sandbox',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: LogLine[] = []
  const output: string[] = []
  let rest = ''
  child.stdout?.on('data', (d: Buffer) => {
    const lines = (rest + d.toString('utf8')).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) {
      output.push(line)
      if (line.startsWith('{')) logs.push(JSON.parse(line))
    }
  })
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = `http://127.0.0.1:${port}`
  const ready = within(90_000, async () => {
    if (child.exitCode !== null) throw new Error(`instance on ${port} stopped:\n${output.join('\n')}`)
    return call(base, { url: '/readyz' }).then(
      (r) => r.statusCode === 200,
      () => false,
    )
  })
  await ready
  return {
    port,
    pid: child.pid ?? 0,
    base,
    logs,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type Nginx = { port: number; base: string; stop(): Promise<void> }

/** Debian's nginx in the foreground, with the project's proxy rules and an upstream of the given ports. */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-nginx-'))
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub))
  // As root, nginx's workers run as nobody: they must be able to write their buffers.
  for (const sub of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chmodSync(path.join(dir, sub), 0o777)
  const conf = `
${process.getuid?.() === 0 ? 'user nobody nogroup;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    include ${path.join(root, 'deploy/nginx/shop-proxy.conf')};
  }
}
`
  writeFileSync(path.join(dir, 'nginx.conf'), conf)
  const check = spawnSync(nginxPath, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  })
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`)
  const child = spawn(nginxPath, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const base = `http://127.0.0.1:${port}`
  await within(10_000, async () =>
    call(base, { url: '/healthz' }).then(
      (r) => r.statusCode === 200,
      () => false,
    ),
  )
  return {
    port,
    base,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Why the deployment test cannot run here, or null when it can. */
export async function missingParts(): Promise<string | null> {
  if (!process.env.DATABASE_URL) return 'DATABASE_URL is not set (the deployment runs on PostgreSQL)'
  if (!existsSync(nginxPath))
    return `nginx is not installed at ${nginxPath} (node scripts/ensure-nginx.ts installs it)`
  const redis = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const { hostname, port } = new URL(redis)
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    socket.setTimeout(1000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
  return reachable ? null : `Redis is not reachable at ${redis}`
}
