import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { mayOpen, type StaffArea } from '../../contracts/staff.ts'
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts'
import type { Caller } from '../modules/accounts/service.ts'
import type { Services } from '../services.ts'

export type AuthUser = Caller

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The part of the console a staff route belongs to (contracts/staff.ts); see `consoleArea`. */
    staffArea?: StaffArea
  }
  interface FastifyRequest {
    user: AuthUser | null
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** Staff whose role may open `area` (contracts/staff.ts); anyone else gets 401 or 403. */
    requireStaff: (area: StaffArea) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** Staff whose role may open the route's own `staffArea`; a staff route that names none is refused. */
    requireStaffArea: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null
}

export const notYourArea =
  'Your staff role does not include this part of the console. Ask an owner if you need it.'

/**
 * Every route this plugin registers from now on belongs to `area` of the console, unless the route names
 * its own `config.staffArea`. The staff guard (`requireStaffArea`) reads it.
 */
export function consoleArea(app: FastifyInstance, area: StaffArea) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, staffArea: route.config?.staffArea ?? area }
  })
}

/** Turns a bearer token into request.user; routes opt in with requireUser, requireStaff or requireStaffArea. */
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
  const requireArea = async (request: FastifyRequest, area: StaffArea | undefined) => {
    const user = await resolve(request)
    if (user.role !== 'admin') throw new ForbiddenError('This needs a shop administrator account.')
    // Deny by default: a console route that forgot to say where it belongs opens for nobody.
    if (!area || !mayOpen(user.staffRole, area)) throw new ForbiddenError(notYourArea)
  }
  app.decorate('requireStaff', (area: StaffArea) => async (request: FastifyRequest) => {
    await requireArea(request, area)
  })
  app.decorate('requireStaffArea', async (request: FastifyRequest) => {
    await requireArea(request, request.routeOptions.config.staffArea)
  })
})
