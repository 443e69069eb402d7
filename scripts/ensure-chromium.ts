import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** Browser tests use Debian's Chromium; install it when missing (CI machines start without it). */
const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(path)) {
  console.log('Chromium not found: installing Debian chromium...')
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core`,
    {
      stdio: 'inherit',
    },
  )
}
