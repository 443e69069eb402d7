import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addAddressBody, addressSchema, updateAddressBody } from '../../../contracts/accounts.ts'
import { bearer, customerFailures, done, ok } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { assertSelf } from '../accounts/service.ts'

const id = z.string().min(1).max(64)

/** The address book at the spec's paths (`adress` is the spec's spelling). */
export const addressRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { addresses } = services
  app.addHook('onRequest', app.requireUser)

  app.get(
    '/adress',
    {
      schema: {
        operationId: 'listAddresses',
        tags: ['addresses'],
        summary: "The caller's saved addresses, oldest first",
        description: '`userId`, when sent, must be the caller (else 403).',
        security: bearer,
        querystring: z.object({ userId: z.string().max(64).optional() }),
        response: { 200: ok(z.array(addressSchema)), ...customerFailures(403) },
      },
    },
    async (request) => {
      assertSelf(request.user!.id, request.query.userId)
      return {
        success: true as const,
        message: 'Addresses fetched',
        data: await addresses.list(request.user!.id),
      }
    },
  )

  app.post(
    '/adress/add',
    {
      schema: {
        operationId: 'addAddress',
        tags: ['addresses'],
        summary: 'Save a new address',
        description:
          'phoneNumber 10 digits, postalCode 6 digits; country defaults to INDIA and addressType (Home, Office, ' +
          'Hotels, Others) to Office. `userId`, when sent, must be the caller (else 403).',
        security: bearer,
        body: addAddressBody,
        response: { 201: ok(addressSchema), ...customerFailures(403) },
      },
    },
    async (request, reply) => {
      const { userId, ...fields } = request.body
      assertSelf(request.user!.id, userId)
      const address = await addresses.add(request.user!.id, fields)
      return reply
        .status(201)
        .send({ success: true as const, message: 'Address added successfully', data: address })
    },
  )

  app.patch(
    '/adress/update',
    {
      schema: {
        operationId: 'updateAddress',
        tags: ['addresses'],
        summary: 'Change a saved address (only the fields sent)',
        description: "Another customer's address answers 403; an unknown id 404.",
        security: bearer,
        querystring: z.object({ addressId: id }),
        body: updateAddressBody,
        response: { 200: ok(addressSchema), ...customerFailures(403, 404) },
      },
    },
    async (request) => {
      const { userId, ...fields } = request.body
      assertSelf(request.user!.id, userId)
      return {
        success: true as const,
        message: 'Address updated successfully',
        data: await addresses.update(request.user!.id, request.query.addressId, fields),
      }
    },
  )

  app.delete(
    '/adress/delete',
    {
      schema: {
        operationId: 'deleteAddress',
        tags: ['addresses'],
        summary: 'Delete a saved address',
        description: "Another customer's address answers 403; an unknown id 404.",
        security: bearer,
        querystring: z.object({ id }),
        response: { 200: done, ...customerFailures(403, 404) },
      },
    },
    async (request) => {
      await addresses.remove(request.user!.id, request.query.id)
      return { success: true as const, message: 'Address deleted successfully' }
    },
  )
}
