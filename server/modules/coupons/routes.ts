import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  applyCouponBodySchema,
  applyCouponResponseSchema,
  couponListResponseSchema,
} from '../../../contracts/cart.ts'
import { failures, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

export const couponRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { coupons } = services

  app.get(
    '/coupon/coupons',
    {
      schema: {
        operationId: 'listCoupons',
        security: publicAccess,
        tags: ['coupons'],
        summary: "Public coupons with their current status ('active', or why not)",
        response: { 200: couponListResponseSchema, ...failures() },
      },
    },
    async () => ({ success: true as const, message: 'Coupons fetched', data: await coupons.listPublic() }),
  )

  app.post(
    '/coupon/apply',
    {
      // Private codes must not be guessable by trying many.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'applyCoupon',
        security: publicAccess,
        tags: ['coupons'],
        summary:
          "Checks any code (exact, case-sensitive): its percent, or 400 'Invalid coupon code' / 'Coupon code has expired'",
        body: applyCouponBodySchema,
        response: { 200: applyCouponResponseSchema, ...failures() },
      },
    },
    async (request) => {
      const coupon = await coupons.check(request.body.code)
      return { success: true as const, message: 'Coupon applied', ...coupon }
    },
  )
}
