import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { entryStream, hashEntry, listTar, readEntry, readTar, TarFormatError, TarWriter } from './tar.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'tar-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const longName = `uploads/${'temples/'.repeat(20)}a-very-long-picture-name-that-goes-on-${'x'.repeat(120)}.webp`
const files: Array<[string, Buffer]> = [
  ['manifest-first.json', Buffer.from('{"a":1}')],
  ['empty', Buffer.alloc(0)],
  ['uploads/products/0123456789abcdef01234567/abcdef0123456789abcdef01-800.webp', Buffer.alloc(513, 7)],
  [longName, Buffer.from('long')],
  ['exactly-one-block', Buffer.alloc(512, 1)],
]

async function write(name: string) {
  const file = path.join(dir, name)
  const writer = await TarWriter.create(file)
  for (const [entry, bytes] of files) {
    const stream = Readable.from([bytes.subarray(0, 100), bytes.subarray(100)])
    const written = await writer.add(entry, bytes.length, stream)
    expect(written.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  }
  await writer.finish()
  return file
}

describe('the backup tar', () => {
  it('reads back every file, long names included, byte for byte', async () => {
    const file = await write('round.tar')
    const entries = await listTar(file)
    expect(entries.map((e) => e.name)).toEqual(files.map(([n]) => n))
    for (const [i, entry] of entries.entries()) {
      expect(await readEntry(file, entry)).toEqual(files[i]![1])
      const chunks: Buffer[] = []
      for await (const c of entryStream(file, entry)) chunks.push(c as Buffer)
      expect(Buffer.concat(chunks)).toEqual(files[i]![1])
      expect(await hashEntry(file, entry)).toBe(createHash('sha256').update(files[i]![1]).digest('hex'))
    }
  })

  it('is a tar any tar program lists and unpacks', async () => {
    const file = await write('system.tar')
    const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' })
    if (listed.error) return // no tar program on this machine
    expect(listed.stdout.trim().split('\n')).toEqual(files.map(([n]) => n))
    const out = path.join(dir, 'unpacked')
    spawnSync('mkdir', ['-p', out])
    expect(spawnSync('tar', ['-xf', file, '-C', out]).status).toBe(0)
    expect(readFileSync(path.join(out, longName))).toEqual(Buffer.from('long'))
  })

  it('lists the folders of an archive too, empty ones included (a database folder needs them)', async () => {
    const tree = path.join(dir, 'tree')
    mkdirSync(path.join(tree, 'pg_wal', 'archive_status'), { recursive: true })
    writeFileSync(path.join(tree, 'PG_VERSION'), '17\n')
    const file = path.join(dir, 'tree.tar')
    const made = spawnSync('tar', ['--format=ustar', '-cf', file, '-C', tree, '.'])
    if (made.error) return // no tar program on this machine
    const { files: inside, folders } = await readTar(file)
    expect(inside.map((e) => e.name)).toEqual(['./PG_VERSION'])
    expect(folders.sort()).toEqual(['./', './pg_wal/', './pg_wal/archive_status/'])
    expect(await listTar(file)).toEqual(inside)
  })

  it('refuses a file cut short, a damaged header, and a file whose size is not what was promised', async () => {
    const file = await write('damaged.tar')
    const bytes = readFileSync(file)
    const cut = path.join(dir, 'cut.tar')
    writeFileSync(cut, bytes.subarray(0, 2000))
    await expect(listTar(cut)).rejects.toBeInstanceOf(TarFormatError)
    const noEnd = path.join(dir, 'no-end.tar')
    writeFileSync(noEnd, bytes.subarray(0, bytes.length - 1024))
    await expect(listTar(noEnd)).rejects.toThrow('The archive was cut short.')
    const header = Buffer.from(bytes)
    header[10] ^= 0x20
    const bad = path.join(dir, 'bad-header.tar')
    writeFileSync(bad, header)
    await expect(listTar(bad)).rejects.toThrow('is damaged')

    const writer = await TarWriter.create(path.join(dir, 'short.tar'))
    await expect(writer.add('x', 10, Buffer.alloc(5))).rejects.toThrow('shrank')
    await writer.abort()
  })
})
