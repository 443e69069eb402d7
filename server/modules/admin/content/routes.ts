import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { returnPolicyInputSchema } from '../../../../contracts/admin.ts'
import { returnPolicySchema, uploadedPictureSchema } from '../../../../contracts/admin-content.ts'
import { ValidationError } from '../../../http/errors.ts'
import { adminFailures, done, ok } from '../../../http/route-kit.ts'
import { uploadedFiles } from '../../../http/uploaded-files.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'
import { resources } from './resources.ts'

/** Resource names as operation ids say them: adminListCategories, adminAddCategory… */
const pascal = (path: string) => path.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())
const oneOf: Record<string, string> = { sliders: 'Slide', faqs: 'Faq', 'policy-sections': 'PolicySection' }
const singular = (path: string) => oneOf[path] ?? pascal(path).replace(/ies$/, 'y').replace(/s$/, '')

/** The simple lists the console edits as rows, the return policy, and the pictures their forms upload. */
export const contentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const content = services.admin.content

  app.post(
    '/uploads/:folder',
    {
      schema: {
        operationId: 'adminUploadImage',
        tags,
        security,
        summary: 'Upload one picture for a category, state, slide, banner or temple; answers its URL',
        consumes: ['multipart/form-data'],
        params: z.object({ folder: z.enum(['categories', 'states', 'sliders', 'banners', 'temples']) }),
        response: {
          200: ok(uploadedPictureSchema),
          ...adminFailures(415),
        },
      },
    },
    async (request) => {
      const [file] = await uploadedFiles(request)
      if (!file)
        throw new ValidationError('Choose a picture to upload.', { image: 'Choose a picture to upload.' })
      return {
        success: true as const,
        message: 'Picture uploaded',
        data: await content.uploadImage(actorOf(request), request.params.folder, file),
      }
    },
  )

  // ----- categories, subcategories, states, sliders, banners, coupons, FAQ, policy sections, temples -----

  for (const r of resources) {
    app.get(
      `/${r.path}`,
      {
        schema: {
          operationId: `adminList${pascal(r.path)}`,
          tags,
          security,
          summary: `Every ${r.label}`,
          response: { 200: ok(z.array(r.row)), ...adminFailures() },
        },
      },
      async () => ({ success: true as const, message: 'OK', data: await content.resources.list(r.path) }),
    )
    app.post(
      `/${r.path}`,
      {
        schema: {
          operationId: `adminAdd${singular(r.path)}`,
          tags,
          security,
          summary: `Add a ${r.label}`,
          body: r.input,
          response: { 200: ok(r.row), ...adminFailures(409) },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Saved',
        data: await content.resources.create(
          actorOf(request),
          r.path,
          request.body as Record<string, unknown>,
        ),
      }),
    )
    app.put(
      `/${r.path}/:id`,
      {
        schema: {
          operationId: `adminUpdate${singular(r.path)}`,
          tags,
          security,
          summary: `Edit a ${r.label}`,
          params: idParams,
          body: r.input,
          response: { 200: ok(r.row), ...adminFailures(404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Saved',
        data: await content.resources.update(
          actorOf(request),
          r.path,
          request.params.id,
          request.body as Record<string, unknown>,
        ),
      }),
    )
    app.delete(
      `/${r.path}/:id`,
      {
        schema: {
          operationId: `adminDelete${singular(r.path)}`,
          tags,
          security,
          summary: `Delete a ${r.label}`,
          params: idParams,
          response: { 200: done, ...adminFailures(404, 409) },
        },
      },
      async (request) => {
        await content.resources.remove(actorOf(request), r.path, request.params.id)
        return { success: true as const, message: 'Deleted' }
      },
    )
  }

  app.get(
    '/return-policy',
    {
      schema: {
        operationId: 'adminGetReturnPolicy',
        tags,
        security,
        summary: 'The return policy (HTML)',
        response: { 200: ok(returnPolicySchema), ...adminFailures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'Return policy',
      data: await content.returnPolicy.get(),
    }),
  )

  app.put(
    '/return-policy',
    {
      schema: {
        operationId: 'adminSaveReturnPolicy',
        tags,
        security,
        summary: 'Save the return policy (HTML, sanitised)',
        body: returnPolicyInputSchema,
        response: { 200: ok(returnPolicySchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Return policy saved',
      data: await content.returnPolicy.save(actorOf(request), request.body),
    }),
  )
}
