import { defineConfig } from 'vitest/config'
import { testPictureCache } from './scripts/picture-cache.ts'
import { onTheDatabase, processes, processesOffTheDatabase } from './tests/support/test-files.ts'

// CI shuffles files and the tests inside them; VITEST_SEED replays an order (the seed is printed at the start).
const seed = Number(process.env.VITEST_SEED) || Math.floor(Math.random() * 2 ** 31)
const shuffle = Boolean(process.env.CI || process.env.VITEST_SEED)
// The PostgreSQL pass runs only what reads DATABASE_URL (tests/support/test-files.ts): the rest is the same again.
const postgresPass = process.env.VITEST_PASS === 'postgres'

// Kept apart from vite.config.ts so React Router's Vite plugin never runs under Vitest.
export default defineConfig({
  test: {
    environment: 'node',
    // Generous: a busy 2-core machine runs several phases side by side.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['tests/support/global-setup.ts'],
    // The demo shops the tests start copy the pictures drawn once (scripts/demo-pictures.ts) instead of drawing
    // them again each.
    env: { DEMO_PICTURE_CACHE: process.env.DEMO_PICTURE_CACHE ?? testPictureCache },
    sequence: { shuffle: shuffle ? { files: true, tests: true } : false, seed },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'contracts/**/*.test.ts',
            'app/**/*.test.ts',
            'scripts/**/*.test.ts',
            'demo-art/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          exclude: processes,
          ...(postgresPass ? { include: onTheDatabase.filter((f) => !f.startsWith('tests/')) } : {}),
        },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: processes },
      },
      {
        extends: true,
        test: { name: 'processes', include: processes, exclude: postgresPass ? processesOffTheDatabase : [] },
      },
    ],
  },
})
