import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CreateBucketCommand } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import type { Env } from '../../server/config.ts'
import { createS3FileStore } from '../../server/lib/file-store.ts'

/**
 * A local S3-compatible server (s3rver) for the tests: a free port on 127.0.0.1, its files in a temporary
 * folder, nothing logged; every call to `bucket()` makes a new empty bucket and the shop settings for it.
 */
export async function startTestS3() {
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  // s3rver accepts these keys (and checks signatures made with them).
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const stores: Array<{ close(): Promise<void> }> = []

  return {
    endpoint,
    /** A new bucket, and the configuration that points a shop at it. */
    async bucket(name = `shop-${randomBytes(4).toString('hex')}`) {
      const store = createS3FileStore({
        bucket: name,
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials,
      })
      await store.client.send(new CreateBucketCommand({ Bucket: name }))
      const env = {
        S3_BUCKET: name,
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: true,
      } satisfies Partial<Env>
      // The store is how a test looks into the bucket; it is closed with the server.
      stores.push(store)
      return { name, env, store }
    },
    async close() {
      for (const store of stores) await store.close()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
