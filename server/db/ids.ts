import { randomBytes } from 'node:crypto'

/** 24 hex characters, time first so ids sort roughly by creation (the spec's `_id` strings). */
export function newId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0')
  return time + randomBytes(8).toString('hex')
}

export const idPattern = /^[0-9a-f]{24}$/
