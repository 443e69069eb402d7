import { type DatabaseKind, kindName } from './manifest.ts'

/** A problem the operator can act on: printed as it is, and the command exits with 1. */
export class BackupError extends Error {}

/** Every sentence `npm run backup` and `npm run restore` print, written once (tests import them). */
export const backupMessages = {
  backupUsage: 'Usage: npm run backup -- --out FILE',
  restoreUsage: 'Usage: npm run restore -- FILE [--force] [--accept-unsigned] [--accept-secrets]',
  nothingChanged: 'Nothing was changed.',
  noBackupKey:
    'BACKUP_KEY is not set. Every backup is signed with it, and a restore trusts only a backup signed with the same key. Set it to a secret of 32 characters or more (for example the output of `openssl rand -base64 32`), keep a copy away from this machine and its backups, and run the backup again.',
  signedWith: (keyId: string) =>
    `Signed with BACKUP_KEY (key ${keyId}): a restore needs that key, so keep it, apart from the backups.`,
  signedNeedsKey: (keyId: string) =>
    `This backup is signed (key ${keyId}), but BACKUP_KEY is not set, so its signature cannot be checked. Set BACKUP_KEY to the key it was made with. (If that key is lost and you are sure nobody changed this file, add --accept-unsigned to restore it without the check.) Nothing was changed.`,
  signatureMismatch: (file: string, backupKeyId: string, ourKeyId: string) =>
    backupKeyId === ourKeyId
      ? `${file} was changed after it was written: its manifest does not match its signature. Do not restore it. Nothing was changed.`
      : `${file} is not signed with the key in BACKUP_KEY (key ${ourKeyId}; the file names key ${backupKeyId}), or it was changed after it was written. Set BACKUP_KEY to the key the backup was made with. Nothing was changed.`,
  unsigned: (file: string) =>
    `${file} is not signed (it was made before backups were signed, or its signature was removed), so nothing shows it is as the backup command wrote it. If you are sure nobody changed it, add --accept-unsigned. Nothing was changed.`,
  secretsChanged: (what: string, count: number, where: string) =>
    `The backup's signing secrets are not this shop's: ${what} ${count === 1 ? 'differs' : 'differ'} from ${where}. Restoring them would sign everybody out, and whoever chose them could forge sign-ins and payment confirmations. If you expect this (a backup of another installation, or the secrets were changed since), add --accept-secrets. Nothing was changed.`,
  noOutFolder: (folder: string) => `The folder ${folder} does not exist. Create it, or choose another --out.`,
  noEmbeddedDatabase: (dataDir: string) =>
    `There is no embedded database in ${dataDir}: nothing to back up. Check DATA_DIR (or set DATABASE_URL for PostgreSQL).`,
  shopStarting: (pid: number, dataDir: string) =>
    `The shop (pid ${pid}) is using the embedded database in ${dataDir}, and its control socket is not open yet. Wait until it has started, then try again.`,
  stopShopFirst: (pid: number, dataDir: string) =>
    `The shop (pid ${pid}) is running on the embedded database in ${dataDir}. Stop it first, then run the restore again. Nothing was changed.`,
  interruptedRestore: (aside: string, folder: string) =>
    `An earlier restore was interrupted: the database it replaced is in ${aside}, and ${folder} is missing. Rename it back to ${folder} (or remove it if you do not need it), then try again.`,
  noSuchFile: (file: string) => `There is no file ${file}. Nothing was changed.`,
  notABackup: (file: string, why: string) =>
    `${file} is not a shop backup, or it is damaged. ${why} Nothing was changed.`,
  newerFormat: (version: number) =>
    `This backup is in format ${version}, newer than this shop can read. Restore it with the version of the shop that made it (or a newer one). Nothing was changed.`,
  wrongKind: (backup: DatabaseKind, current: DatabaseKind) =>
    backup === 'pglite'
      ? `This backup holds ${kindName.pglite}, but DATABASE_URL is set, so this shop uses PostgreSQL. Unset DATABASE_URL to restore it into DATA_DIR. Nothing was changed.`
      : `This backup holds a PostgreSQL database, but DATABASE_URL is not set, so this shop uses ${kindName[current]}. Set DATABASE_URL to the database to restore it into. Nothing was changed.`,
  newerSchema: (appVersion: string) =>
    `This backup was made by a newer version of the shop (${appVersion}) whose database has changes this one does not know. Upgrade the shop first, then restore. Nothing was changed.`,
  countsDiffer: (what: string) =>
    `The database in the backup does not hold what its manifest says (${what}). Nothing was changed.`,
  toolMissing: (tool: string) =>
    `${tool} was not found (looked in PATH and /usr/bin). Install the PostgreSQL client programs (Debian: apt install postgresql-client) in the version of the server or newer.`,
  toolFailed: (tool: string, detail: string) => `${tool} failed: ${detail}`,
  otherSessions: (count: number) =>
    `${count} other connection${count === 1 ? ' is' : 's are'} open to this database (the shop's instances, or another program). Stop the shop first, or add --force to restore anyway. Nothing was changed.`,
  restoreRefusedByDatabase: (detail: string) =>
    `PostgreSQL refused the restore, so it was rolled back: ${detail}. Nothing was changed.`,
}
