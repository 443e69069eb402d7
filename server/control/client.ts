import net from 'node:net'
import type { ControlRequest, ControlResponse } from './protocol.ts'

/** Sends one request to the running shop's control socket and waits for its answer. */
export function controlRequest(
  socketPath: string,
  req: ControlRequest,
  timeoutMs = 30_000,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath)
    let buffer = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error('The running shop did not answer in time.'))
    }, timeoutMs)
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${JSON.stringify(req)}\n`))
    socket.on('data', (chunk: string) => {
      buffer += chunk
      const newline = buffer.indexOf('\n')
      if (newline < 0) return
      clearTimeout(timer)
      socket.end()
      try {
        const res = JSON.parse(buffer.slice(0, newline)) as ControlResponse
        if (res.ok) resolve(res.result)
        else reject(new Error(res.error))
      } catch {
        reject(new Error('The running shop sent an answer that could not be read.'))
      }
    })
    socket.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
  })
}
