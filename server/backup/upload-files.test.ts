import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isUploadKey, localUploadFiles, replaceKeyByKey } from './upload-files.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'upload-files-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function folderWith(name: string, files: Record<string, string>) {
  const root = path.join(dir, name, 'uploads')
  for (const [key, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, key)), { recursive: true })
    writeFileSync(path.join(root, key), text)
  }
  return root
}

describe('the uploads as a backup sees them', () => {
  it('lists every file by key, leaving out pictures still being written', async () => {
    const root = folderWith('list', {
      'products/p1/a-200.webp': 'a',
      'avatars/u1-x.webp': 'b',
      'by hand/logo final.png': 'c',
      'products/p1/b-800.webp.partial': 'half',
    })
    const files = localUploadFiles(root)
    expect(await files.list()).toEqual([
      'avatars/u1-x.webp',
      'by hand/logo final.png',
      'products/p1/a-200.webp',
    ])
    expect((await files.read('products/p1/a-200.webp'))?.toString()).toBe('a')
    expect(await files.read('products/p1/gone.webp')).toBeNull()
    expect(await localUploadFiles(path.join(dir, 'none')).list()).toEqual([])
  })

  it('accepts only keys that stay inside the folder', () => {
    for (const key of ['products/p1/a-200.webp', 'by hand/logo final.png', '.keep'])
      expect(isUploadKey(key)).toBe(true)
    for (const key of ['', '../secrets.json', 'a/../../b', '/etc/passwd', 'a//b', 'a\\b', 'a/./b', 'a\nb'])
      expect(isUploadKey(key)).toBe(false)
  })

  it('swaps a whole new set in at commit, and leaves the old one on abort', async () => {
    const root = folderWith('swap', { 'old/one.webp': 'old' })
    const files = localUploadFiles(root)
    const aborted = await files.replace()
    await aborted.write('new/one.webp', Buffer.from('new'))
    await aborted.abort()
    expect(await files.list()).toEqual(['old/one.webp'])

    const replacing = await files.replace()
    await replacing.write('new/one.webp', Buffer.from('new'))
    await expect(replacing.write('../escape.webp', Buffer.from('x'))).rejects.toThrow('Not an upload key')
    expect(await files.list()).toEqual(['old/one.webp'])
    await replacing.commit()
    expect(await files.list()).toEqual(['new/one.webp'])
    expect(readFileSync(path.join(root, 'new/one.webp'), 'utf8')).toBe('new')
    expect(readdirSync(path.dirname(root))).toEqual(['uploads'])
    expect(existsSync(path.join(path.dirname(root), 'escape.webp'))).toBe(false)
  })

  it('key by key (a bucket): writes at once, removes what the backup lacks at commit', async () => {
    const bucket = new Map<string, Buffer>([
      ['kept.webp', Buffer.from('k')],
      ['extra.webp', Buffer.from('e')],
    ])
    const store = {
      list: async () => [...bucket.keys()].sort(),
      write: async (key: string, bytes: Buffer) => void bucket.set(key, bytes),
      remove: async (key: string) => void bucket.delete(key),
    }
    const aborted = await replaceKeyByKey(store)
    await aborted.write('added.webp', Buffer.from('a'))
    await aborted.abort()
    expect([...bucket.keys()].sort()).toEqual(['extra.webp', 'kept.webp'])

    const replacing = await replaceKeyByKey(store)
    await replacing.write('kept.webp', Buffer.from('k'))
    await replacing.write('added.webp', Buffer.from('a'))
    await replacing.commit()
    expect([...bucket.keys()].sort()).toEqual(['added.webp', 'kept.webp'])
  })
})
