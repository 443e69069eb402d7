import { ensureDebianPackages } from './apt.ts'

/** Browser tests use Debian's Chromium. */
ensureDebianPackages(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['chromium', 'fonts-noto-core'])
