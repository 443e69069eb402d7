declare module 'autocannon' {
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> }
  type Result = {
    requests: { average: number }
    latency: { p50: number; p99: number; average: number }
    non2xx: number
    errors: number
  }
  export default function autocannon(opts: Options): Promise<Result>
}
