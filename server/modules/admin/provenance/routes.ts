import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { uploadedPictureSchema } from '../../../../contracts/admin-content.ts'
import {
  artisanInputSchema,
  artisanRowSchema,
  clusterInputSchema,
  clusterRowSchema,
  productProvenanceInputSchema,
  productProvenanceRowSchema,
} from '../../../../contracts/admin-provenance.ts'
import { ValidationError } from '../../../http/errors.ts'
import { adminFailures, type BodyOf, done, ok } from '../../../http/route-kit.ts'
import { uploadedFiles } from '../../../http/uploaded-files.ts'
import type { Services } from '../../../services.ts'
import type { Actor } from '../kit.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** What the console keeps of one kind of maker profile (artisans, clusters). */
type ProfileService<Input, Row> = {
  list: () => Promise<Row[]>
  create: (actor: Actor, input: Input) => Promise<Row>
  update: (actor: Actor, id: string, input: Input) => Promise<Row>
  remove: (actor: Actor, id: string) => Promise<void>
}

/** Artisans, clusters, their photos and each product's makers and marks (catalogue part of the console). */
export const provenanceAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const provenance = services.admin.provenance

  // Typed per kind, so each route's body is that kind's input and its answer that kind's row.
  const profileRoutes = <I extends z.ZodType, R extends z.ZodType>(
    kind: 'artisans' | 'clusters',
    input: I,
    row: R,
    service: ProfileService<BodyOf<I>, z.output<R>>,
  ) => {
    const one = kind === 'artisans' ? 'Artisan' : 'Cluster'
    const noun = kind === 'artisans' ? 'artisan' : 'craft cluster'

    app.get(
      `/${kind}`,
      {
        schema: {
          operationId: `adminList${one}s`,
          tags,
          security,
          summary: `Every ${noun}, by name`,
          response: { 200: ok(z.array(row)), ...adminFailures() },
        },
      },
      async () => ({ success: true as const, message: 'OK', data: await service.list() }),
    )
    app.post(
      `/${kind}`,
      {
        schema: {
          operationId: `adminAdd${one}`,
          tags,
          security,
          summary: `Add an ${noun}`.replace('an craft', 'a craft'),
          body: input,
          response: { 200: ok(row), ...adminFailures() },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Saved',
        data: await service.create(actorOf(request), request.body),
      }),
    )
    app.put(
      `/${kind}/:id`,
      {
        schema: {
          operationId: `adminUpdate${one}`,
          tags,
          security,
          summary: `Edit an ${noun}`.replace('an craft', 'a craft'),
          params: idParams,
          body: input,
          response: { 200: ok(row), ...adminFailures(404) },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Saved',
        data: await service.update(actorOf(request), request.params.id, request.body),
      }),
    )
    app.delete(
      `/${kind}/:id`,
      {
        schema: {
          operationId: `adminDelete${one}`,
          tags,
          security,
          summary:
            kind === 'artisans'
              ? 'Delete an artisan (refused with 409 while a product names them as maker)'
              : 'Delete a craft cluster (refused with 409 while artisans belong to it)',
          params: idParams,
          response: { 200: done, ...adminFailures(404, 409) },
        },
      },
      async (request) => {
        await service.remove(actorOf(request), request.params.id)
        return { success: true as const, message: 'Deleted' }
      },
    )
    app.post(
      `/${kind}/photos`,
      {
        schema: {
          operationId: `adminUpload${one}Photo`,
          tags,
          security,
          summary: `Upload one photo for an ${noun}; answers its URL to save in the form`.replace(
            'an craft',
            'a craft',
          ),
          consumes: ['multipart/form-data'],
          response: { 200: ok(uploadedPictureSchema), ...adminFailures(415) },
        },
      },
      async (request) => {
        const [file] = await uploadedFiles(request)
        if (!file)
          throw new ValidationError('Choose a photo to upload.', { image: 'Choose a photo to upload.' })
        return {
          success: true as const,
          message: 'Photo uploaded',
          data: await provenance.uploadPhoto(actorOf(request), kind, file),
        }
      },
    )
  }
  profileRoutes('artisans', artisanInputSchema, artisanRowSchema, provenance.artisans)
  profileRoutes('clusters', clusterInputSchema, clusterRowSchema, provenance.clusters)

  app.get(
    '/products/:id/provenance',
    {
      schema: {
        operationId: 'adminGetProductProvenance',
        tags,
        security,
        summary: 'A product’s makers (in order) and authenticity marks',
        params: idParams,
        response: { 200: ok(productProvenanceRowSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Makers and marks',
      data: await provenance.productProvenance(request.params.id),
    }),
  )
  app.put(
    '/products/:id/provenance',
    {
      schema: {
        operationId: 'adminSaveProductProvenance',
        tags,
        security,
        summary: 'Save a product’s makers (artisan ids, in order) and authenticity marks',
        params: idParams,
        body: productProvenanceInputSchema,
        response: { 200: ok(productProvenanceRowSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Makers and marks saved',
      data: await provenance.saveProductProvenance(actorOf(request), request.params.id, request.body),
    }),
  )
}
