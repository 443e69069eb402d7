import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * Installs Debian packages when the program a test needs is missing (CI machines start without them).
 * Root installs directly; anyone else goes through sudo.
 */
export function ensureDebianPackages(program: string, packages: string[]) {
  if (existsSync(program)) return
  console.log(`${program} not found: installing Debian ${packages.join(', ')}...`)
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
    { stdio: 'inherit' },
  )
}
