import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { mayOpen, type SignedIn, type StaffArea } from '../../contracts/staff.ts'
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts'
import type { Services } from '../services.ts'

export type AuthUser = SignedIn

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** Staff whose role may open `area` (contracts/staff.ts); anyone else gets 401 or 403. */
    requireStaff: (area: StaffArea) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null
}

/** Turns a bearer token into request.user; routes opt in with requireUser / requireAdmin. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { services: Services }) => {
  app.decorateRequest('user', null)
  const resolve = async (request: FastifyRequest): Promise<AuthUser> => {
    if (request.user) return request.user
    const token = bearerToken(request)
    if (!token) throw new UnauthorizedError('Please sign in to continue.')
    // An ended sign-in, a disabled or a deleted account stops working at once, whatever the token's exp says.
    const user = await opts.services.accounts.authenticate(token)
    if (!user) throw new UnauthorizedError('Your session has expired. Please sign in again.')
    request.user = user
    return user
  }
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await resolve(request)
  })
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await resolve(request)
    if (user.role !== 'admin') throw new ForbiddenError('This needs a shop administrator account.')
  })
  app.decorate('requireStaff', (area: StaffArea) => async (request: FastifyRequest) => {
    const user = await resolve(request)
    if (user.role !== 'admin') throw new ForbiddenError('This needs a shop administrator account.')
    if (!mayOpen(user.staffRole, area))
      throw new ForbiddenError(`Your role does not include this part of the console (${area}). Ask an owner.`)
  })
})
