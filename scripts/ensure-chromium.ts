import { ensureDebianPackages } from './apt.ts'

/**
 * Browser tests use Debian's Chromium in its headless build (the `chromium-headless-shell` package, the same
 * engine without the desktop browser around it: the browser phase takes about half the time; decision 119);
 * the benchmarks and Lighthouse use the full `chromium`, and so does the one browser test of notifications
 * (tests/e2e/push.phone.spec.ts): the headless build refuses every notification permission.
 */
ensureDebianPackages(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', [
  'chromium-headless-shell',
  'fonts-noto-core',
])
ensureDebianPackages(process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium', ['chromium'])
