import path from 'node:path'

/** The shop's local control channel: a Unix socket in DATA_DIR, readable and writable by its owner only. */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock')
}

export type ControlRequest =
  | { op: 'ping' }
  | { op: 'account.exists'; email: string }
  | { op: 'admin.create'; email: string; password?: string | null; fullName?: string | null }
  /** Writes a consistent copy of the embedded database to DATA_DIR/<file> (`backup-<id>.dump`). */
  | { op: 'backup.dump'; file: string }

export type ControlResponse = { ok: true; result: unknown } | { ok: false; error: string }

/** Longest request line accepted (a password and an e-mail fit many times over). */
export const maxRequestBytes = 16 * 1024
