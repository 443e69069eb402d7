import type { z } from 'zod'
import type { returnPolicyInputSchema } from '../../../../contracts/admin.ts'
import type { Db, DbOrTx } from '../../../db/client.ts'
import { newId } from '../../../db/ids.ts'
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../http/errors.ts'
import type { CatalogueCache } from '../../../lib/cache.ts'
import type { FileStore } from '../../../lib/file-store.ts'
import { storeImage } from '../../../lib/images.ts'
import { pgErrorCode } from '../../../lib/pg-error.ts'
import type { AuditAction } from '../../audit/actions.ts'
import { writeAudit } from '../../audit/repo.ts'
import { cleanHtml } from '../../content/html.ts'
import type { ContentService } from '../../content/service.ts'
import { type Actor, mustId } from '../kit.ts'
import { type ListOwners, type ResourceDef, resources } from './resources.ts'

type Row = Record<string, unknown>

/** A row as the API answers it: times as ISO text, as JSON writes them. */
const answerRow = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]))

/**
 * The shop's content in the console: the simple lists (categories, subcategories, states, slides,
 * banners, coupons, FAQ, policy sections, temples, search synonyms), the return policy and the pictures
 * their forms upload.
 */
export function createAdminContentService(deps: {
  db: Db
  cache: CatalogueCache
  /** Where uploaded pictures are written (DATA_DIR/uploads). */
  /** Where uploaded pictures go: DATA_DIR/uploads or the S3 bucket (server/lib/file-store.ts). */
  files: FileStore
  /** The modules that keep the lists' rows (decision 113); content keeps the return policy too. */
  owners: ListOwners & { content: Pick<ContentService, 'returnPolicyStore'> }
}) {
  const { db, cache, files, owners } = deps

  const audit = (
    tx: DbOrTx,
    actor: Actor,
    action: AuditAction,
    entity: string,
    entityId: string | null,
    before: unknown,
    after: unknown,
  ) => writeAudit(tx, { actorId: actor.id, action, entity, entityId, before, after })

  /** Stores one picture for a category, state, slide, banner or temple; the form then saves its URL. */
  async function uploadImage(actor: Actor, folder: string, data: Buffer) {
    const img = await storeImage(data, { files, folder, name: newId() })
    await audit(db, actor, 'upload', 'image', null, null, { url: `${img.url}-800.webp` })
    return { url: `${img.url}-800.webp`, width: img.width, height: img.height }
  }

  // ----- simple lists (categories, states, sliders, banners, coupons, FAQ, policies, temples) -----

  const byPath = new Map(resources.map((r) => [r.path, r]))
  const def = (name: string): ResourceDef => {
    const r = byPath.get(name)
    if (!r) throw new NotFoundError('No such list.')
    return r
  }
  const uniqueClash = (r: ResourceDef) => (e: unknown) => {
    if (pgErrorCode(e) === '23505' && r.unique) {
      throw new ValidationError(r.unique.message, { [r.unique.field]: r.unique.message })
    }
    if (pgErrorCode(e) === '23503') {
      throw new ValidationError('Something this refers to no longer exists. Reload the page and try again.')
    }
    throw e
  }
  /** A clash the list knows how to explain (a coupon code differing only by case): 409 with the field's message. */
  async function refuseConflict(r: ResourceDef, row: Row, id?: string) {
    const clash = r.conflict ? await r.conflict(owners, db, row, id) : null
    if (clash) throw new AppError(409, clash.message, { [clash.field]: clash.message })
  }
  async function findRow(r: ResourceDef, id: string): Promise<Row> {
    mustId(id, r.label)
    const row = await r.store(owners).byId(id, db)
    if (!row) throw new NotFoundError(`No such ${r.label}.`)
    return row
  }

  const lists = {
    async list(name: string) {
      return (await def(name).store(owners).list(db)).map(answerRow)
    },
    async create(actor: Actor, name: string, input: Row) {
      const r = def(name)
      const row = { id: newId(), ...r.toRow(input) }
      await refuseConflict(r, row)
      await db
        .transaction(async (tx) => {
          await r.store(owners).insert(row, tx)
          await audit(tx, actor, `${r.entity}.create`, r.entity, row.id, null, row)
        })
        .catch(uniqueClash(r))
      cache.invalidate()
      return answerRow(await findRow(r, row.id))
    },
    async update(actor: Actor, name: string, id: string, input: Row) {
      const r = def(name)
      const before = await findRow(r, id)
      const next = r.toRow(input)
      await refuseConflict(r, next, id)
      await db
        .transaction(async (tx) => {
          await r.store(owners).update(id, next, tx)
          await audit(tx, actor, `${r.entity}.update`, r.entity, id, before, { ...before, ...next })
        })
        .catch(uniqueClash(r))
      cache.invalidate()
      return answerRow(await findRow(r, id))
    },
    async remove(actor: Actor, name: string, id: string) {
      const r = def(name)
      const before = await findRow(r, id)
      const reason = r.blockDelete ? await r.blockDelete(owners, db, id) : null
      if (reason) throw new ConflictError(reason)
      await db.transaction(async (tx) => {
        await r.store(owners).remove(id, tx)
        await audit(tx, actor, `${r.entity}.delete`, r.entity, id, before, null)
      })
      cache.invalidate()
    },
  }

  const returnPolicy = {
    async get() {
      const row = await owners.content.returnPolicyStore().read()
      return {
        content: row?.content ?? '',
        contentHi: row?.translations.hi?.content ?? '',
        updatedAt: row?.updatedAt.toISOString() ?? null,
      }
    },
    async save(actor: Actor, input: z.output<typeof returnPolicyInputSchema>) {
      const content = cleanHtml(input.content)
      if (!content) {
        throw new ValidationError('Enter the return policy.', { content: 'Enter the return policy.' })
      }
      // The Hindi is left as it is when the form does not send it (decision 097).
      const contentHi = input.contentHi === undefined ? undefined : cleanHtml(input.contentHi)
      const translations =
        contentHi === undefined ? undefined : contentHi ? { hi: { content: contentHi } } : {}
      await db.transaction(async (tx) => {
        const r = owners.content.returnPolicyStore(tx)
        const row = await r.read()
        if (row) await r.setContent(row.id, content, translations)
        else await r.insert(content, translations)
        await audit(
          tx,
          actor,
          'policy.return.update',
          'policy',
          row?.id ?? null,
          row ? { content: row.content, translations: row.translations } : null,
          { content, ...(translations ? { translations } : {}) },
        )
      })
      cache.invalidate()
      return returnPolicy.get()
    },
  }

  return { uploadImage, resources: lists, returnPolicy }
}
export type AdminContentService = ReturnType<typeof createAdminContentService>
