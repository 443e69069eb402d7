// The parts of s3rver (3.x, no types of its own) the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'
  export default class S3rver {
    constructor(options: {
      address?: string
      port?: number
      silent?: boolean
      directory: string
      resetOnClose?: boolean
      configureBuckets?: Array<{ name: string; configs?: unknown[] }>
    })
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
