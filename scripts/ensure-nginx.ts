import { ensureDebianPackages } from './apt.ts'

/** The deployment test puts Debian's nginx in front of two instances (deploy/, docs/deploy.md). */
ensureDebianPackages(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['nginx'])
