import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { Readable } from 'node:stream'

/**
 * The few parts of the POSIX tar format a backup needs (docs/decisions/075): regular files only, written
 * in order with their sizes known, read back by position. Any `tar` program can list and unpack the
 * result. Names longer than the ustar fields go in a PAX header; sizes of 8 GiB and more use the
 * base-256 form GNU tar reads.
 */

const block = 512
const zeros = Buffer.alloc(block * 2)

/** The file is not a tar archive this code can read, or it was cut short. */
export class TarFormatError extends Error {}

const padding = (size: number) => (block - (size % block)) % block

function putString(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, length, 'utf8')
}

function putOctal(header: Buffer, offset: number, length: number, value: number) {
  putString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`)
}

function putSize(header: Buffer, size: number) {
  if (size < 8 ** 11) return putOctal(header, 124, 12, size)
  // Base-256: the first byte's high bit set, then the number big-endian.
  header[124] = 0x80
  let rest = BigInt(size)
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn)
    rest >>= 8n
  }
}

function checksum(header: Buffer): number {
  let sum = 0
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!
  return sum
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const h = Buffer.alloc(block)
  const { prefix, rest } = splitName(name)
  putString(h, 0, 100, rest)
  putOctal(h, 100, 8, 0o600)
  putOctal(h, 108, 8, 0)
  putOctal(h, 116, 8, 0)
  putSize(h, size)
  putOctal(h, 136, 12, mtime)
  h[156] = type.charCodeAt(0)
  putString(h, 257, 6, 'ustar\0')
  putString(h, 263, 2, '00')
  putString(h, 345, 155, prefix)
  putString(h, 148, 8, `${checksum(h).toString(8).padStart(6, '0')}\0 `)
  return h
}

/** Splits a name over ustar's prefix and name fields; a name that fits neither gets a PAX header. */
function splitName(name: string): { prefix: string; rest: string; fits: boolean } {
  const bytes = Buffer.byteLength(name)
  if (bytes <= 100) return { prefix: '', rest: name, fits: true }
  for (let cut = name.indexOf('/'); cut > 0; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut)
    const rest = name.slice(cut + 1)
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest)
      return { prefix, rest, fits: true }
  }
  return { prefix: '', rest: name.slice(0, 99), fits: false }
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`
  let length = Buffer.byteLength(body) + 1
  while (String(length).length + Buffer.byteLength(body) !== length) length++
  return `${length}${body}`
}

export type Written = { size: number; sha256: string }

/** Writes a tar archive to a new file (mode 0600: a backup holds secrets and personal data). */
export class TarWriter {
  private position = 0
  private readonly handle: FileHandle
  private constructor(handle: FileHandle) {
    this.handle = handle
  }

  static async create(file: string): Promise<TarWriter> {
    return new TarWriter(await open(file, 'w', 0o600))
  }

  private async write(bytes: Uint8Array) {
    let done = 0
    while (done < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, this.position)
      done += bytesWritten
      this.position += bytesWritten
    }
  }

  /** Adds one file of exactly `size` bytes; answers its size and SHA-256 as written. */
  async add(
    name: string,
    size: number,
    body: Buffer | Readable | AsyncIterable<Uint8Array>,
  ): Promise<Written> {
    const mtime = Math.floor(Date.now() / 1000)
    if (!splitName(name).fits) {
      const pax = Buffer.from(paxRecord('path', name))
      await this.write(header(`PaxHeader/${name.slice(-80)}`, pax.length, 'x', mtime))
      await this.write(pax)
      await this.write(zeros.subarray(0, padding(pax.length)))
    }
    await this.write(header(name, size, '0', mtime))
    const hash = createHash('sha256')
    let written = 0
    const chunks: AsyncIterable<Uint8Array> | Uint8Array[] = Buffer.isBuffer(body) ? [body] : body
    for await (const chunk of chunks) {
      written += chunk.length
      if (written > size) throw new TarFormatError(`${name} grew while it was being copied.`)
      hash.update(chunk)
      await this.write(chunk)
    }
    if (written !== size) throw new TarFormatError(`${name} shrank while it was being copied.`)
    await this.write(zeros.subarray(0, padding(size)))
    return { size, sha256: hash.digest('hex') }
  }

  /** Ends the archive and makes sure it is on disk. */
  async finish() {
    await this.write(zeros)
    await this.handle.sync()
    await this.handle.close()
  }

  async abort() {
    await this.handle.close().catch(() => {})
  }
}

export type TarEntry = { name: string; size: number; offset: number }

function readString(h: Buffer, offset: number, length: number): string {
  const field = h.subarray(offset, offset + length)
  const end = field.indexOf(0)
  return field.subarray(0, end < 0 ? length : end).toString('utf8')
}

function readNumber(h: Buffer, offset: number, length: number): number {
  if (h[offset]! & 0x80) {
    let value = 0n
    for (let i = offset + 1; i < offset + length; i++) value = (value << 8n) | BigInt(h[i]!)
    return Number(value)
  }
  const text = readString(h, offset, length).trim()
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('A header holds a number that is not octal.')
  return text ? Number.parseInt(text, 8) : 0
}

function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {}
  let at = 0
  while (at < data.length) {
    const space = data.indexOf(0x20, at)
    const length = Number(data.subarray(at, space).toString())
    if (space < 0 || !Number.isInteger(length) || length <= 0 || at + length > data.length)
      throw new TarFormatError('A PAX header is damaged.')
    const record = data.subarray(space + 1, at + length - 1).toString('utf8')
    const eq = record.indexOf('=')
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1)
    at += length
  }
  return out
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  let done = 0
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done)
    if (bytesRead === 0) break
    done += bytesRead
  }
  return buffer.subarray(0, done)
}

/**
 * Lists the regular files of an archive with where their bytes are, checking every header on the way.
 * Throws TarFormatError for anything else: a damaged header, a link or device, a file cut short.
 */
export async function listTar(file: string): Promise<TarEntry[]> {
  return (await readTar(file)).files
}

/**
 * The regular files and the folders of an archive (a database's data folder needs its empty folders),
 * checked as `listTar` checks them.
 */
export async function readTar(file: string): Promise<{ files: TarEntry[]; folders: string[] }> {
  const handle = await open(file, 'r')
  try {
    const { size: total } = await handle.stat()
    const files: TarEntry[] = []
    const folders: string[] = []
    let position = 0
    let pax: Record<string, string> = {}
    for (;;) {
      const h = await readAt(handle, position, block)
      // Where a header or the end marker should be, the file ends: cut short, at an entry's boundary.
      if (h.length < block) throw new TarFormatError('The archive was cut short.')
      if (h.every((b) => b === 0)) return { files, folders }
      const stored = readNumber(h, 148, 8)
      if (stored !== checksum(h)) throw new TarFormatError(`The header at byte ${position} is damaged.`)
      if (readString(h, 257, 6) !== 'ustar') throw new TarFormatError('This is not a ustar archive.')
      const type = String.fromCharCode(h[156]!)
      const size = Number(pax.size ?? readNumber(h, 124, 12))
      const offset = position + block
      const next = offset + size + padding(size)
      if (next > total) throw new TarFormatError('The archive was cut short.')
      const prefix = readString(h, 345, 155)
      const name = () => pax.path ?? (prefix ? `${prefix}/${readString(h, 0, 100)}` : readString(h, 0, 100))
      if (type === 'x') {
        pax = parsePax(await readAt(handle, offset, size))
      } else if (type === '0' || type === '\0') {
        files.push({ name: name(), size, offset })
        pax = {}
      } else if (type === '5') {
        folders.push(name())
        pax = {}
      } else if (type === 'g') {
        pax = {}
      } else {
        throw new TarFormatError(`The archive holds an entry of a kind a backup never has (type ${type}).`)
      }
      position = next
    }
  } finally {
    await handle.close()
  }
}

/** The bytes of one entry, as a stream. */
export function entryStream(file: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([])
  // `end` is inclusive.
  return createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 })
}

/** The bytes of one entry, whole (for small files: the manifest, secrets, pictures). */
export async function readEntry(file: string, entry: TarEntry): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const bytes = await readAt(handle, entry.offset, entry.size)
    if (bytes.length !== entry.size) throw new TarFormatError(`${entry.name} was cut short.`)
    return bytes
  } finally {
    await handle.close()
  }
}

/** SHA-256 of one entry's bytes, read from the file. */
export async function hashEntry(file: string, entry: TarEntry): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of entryStream(file, entry)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
