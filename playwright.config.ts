import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
const chromium = {
  // Debian's headless build of Chromium (scripts/ensure-chromium.ts, decision 119).
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

/** Browser tests run Debian's Chromium against the production build on a fresh, seeded data folder. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Generous: the longest journeys take 40-60 s while the Vitest passes share the two cores; each step still
  // waits at most expect's 8 s.
  timeout: 90_000,
  expect: { timeout: 8_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Playwright empties its output folder at start: a folder of its own, so npm test's phase logs and the tests'
  // kept documents beside it in test-results/ survive a browser run.
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The shop's offline worker (decision 142) keeps pages and build files; only the tests of the installed
    // shop let it run (tests/e2e/app-install.phone.spec.ts, push.phone.spec.ts), so no other test is
    // answered from a phone's cache or has its routed requests taken by the worker.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /\.phone\.spec\.ts$/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      testMatch: /\.phone\.spec\.ts$/,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port) },
  },
})
