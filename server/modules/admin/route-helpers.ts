import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { bearer } from '../../http/route-kit.ts'
import type { Actor } from './kit.ts'

/** What the console's route files share: tags, security, the id in the path, the acting member of staff. */

export const tags = ['admin']
export const security = bearer
export const idParams = z.object({ id: z.string().min(1).max(64) })

/** The guard of the /admin prefix has run: the caller is a signed-in member of staff. */
export const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id })
