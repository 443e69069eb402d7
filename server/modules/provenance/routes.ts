import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { artisanPageSchema, clusterCardSchema, clusterPageSchema } from '../../../contracts/provenance.ts'
import { failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const slugParams = z.object({
  slug: z.string().trim().min(1).max(100).describe('The web name, as in /artisan/{slug}'),
})

/** Artisans' and clusters' pages and the clusters of a state (decision 098). */
export const provenanceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { provenance } = services

  app.get(
    '/artisans/:slug',
    {
      schema: {
        operationId: 'getArtisan',
        security: publicAccess,
        tags: ['provenance'],
        summary: 'An artisan: who they are, where they work, their story and their approved products',
        params: slugParams,
        response: { 200: ok(artisanPageSchema), ...failures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Artisan fetched',
      data: await provenance.artisan(request.params.slug),
    }),
  )

  app.get(
    '/clusters/:slug',
    {
      schema: {
        operationId: 'getCluster',
        security: publicAccess,
        tags: ['provenance'],
        summary: 'A craft cluster: its place and story, its artisans and their approved products',
        params: slugParams,
        response: { 200: ok(clusterPageSchema), ...failures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Cluster fetched',
      data: await provenance.cluster(request.params.slug),
    }),
  )

  app.get(
    '/clusters',
    {
      schema: {
        operationId: 'listClustersOfState',
        security: publicAccess,
        tags: ['provenance'],
        summary: 'The craft clusters of a state',
        querystring: z.object({
          state: z
            .string({ error: 'Name the state.' })
            .trim()
            .min(1, 'Name the state.')
            .max(100)
            .describe('State name as the state pages use it, matched case-insensitively'),
        }),
        response: { 200: ok(z.array(clusterCardSchema)), ...failures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Clusters fetched',
      data: await provenance.clustersOfState(request.query.state),
    }),
  )
}
