import { defineConfig } from 'vitest/config'

// Kept apart from vite.config.ts so React Router's Vite plugin never runs under Vitest.
export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'contracts/**/*.test.ts',
      'app/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // Generous: some tests open a shop of their own (migrations and all), slow on a busy 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
