import { defineConfig } from 'vitest/config'

// The deployment test (tests/deploy/): real processes behind Debian's nginx, run by `npm test -- deploy`.
export default defineConfig({
  test: {
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 1,
  },
})
