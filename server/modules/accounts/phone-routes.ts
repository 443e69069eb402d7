import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountSchema, loginData } from '../../../contracts/accounts.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { msg } from '../../../contracts/languages.ts'
import {
  linkPhoneVerifyBody,
  maskPhone,
  otpRequestBody,
  otpRequestData,
  otpVerifyBody,
} from '../../../contracts/messaging.ts'
import { bearer, customerFailures, failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { loginAnswer } from './login-answer.ts'
import { phoneAnswersIn } from './phone-sign-in.ts'

/** Sign-in with a mobile number and a one-time code, and a number added in Settings (decision 141). */
export const phoneRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { accounts, config } = services
  // The same per-address request limit as the other sign-in calls; the codes have their own limits too.
  const authLimit = {
    rateLimit: { max: Math.max(20, Math.floor(config.RATE_LIMIT_MAX / 50)), timeWindow: '1 minute' },
  }

  app.post(
    '/user/otp/request',
    {
      config: authLimit,
      schema: {
        operationId: 'requestSignInCode',
        security: publicAccess,
        tags: ['accounts'],
        summary: 'Send a 6-digit sign-in code to a mobile number by WhatsApp or SMS',
        description:
          'Answers the same for every number, with an account or not. The code is valid 5 minutes and ' +
          'allows 5 tries; another may be asked for after 30 s. Sends are limited per number (5 an hour) and ' +
          'per client address (20 an hour), across every instance; past a limit the answer is 429 with when ' +
          'to try again.',
        body: otpRequestBody,
        response: { 200: ok(otpRequestData), ...failures() },
      },
    },
    async (request) => {
      const data = await accounts.requestSignInCode(request.body, request.ip, request.language)
      return {
        success: true as const,
        message: phoneAnswersIn(request.language).sent(data.to, data.channel),
        data,
      }
    },
  )

  app.post(
    '/user/otp/verify',
    {
      config: authLimit,
      schema: {
        operationId: 'verifySignInCode',
        security: publicAccess,
        tags: ['accounts'],
        summary: 'Sign in (or sign up) with the code sent to a mobile number',
        description:
          'Answers as `POST /user/login` does. A number no account has yet makes a new customer account: ' +
          'without `fullName` the right code answers 422 and stays usable, so the form can ask for the name. ' +
          'A wrong code answers 400 with the tries left; after the fifth, 429 until a new code is asked for.',
        body: otpVerifyBody,
        response: { 200: ok(loginData), ...failures(403, 409, 422) },
      },
    },
    async (request) => loginAnswer(await accounts.verifySignIn(request.body, request.language)),
  )

  app.post(
    '/user/phone/request',
    {
      config: authLimit,
      onRequest: app.requireUser,
      schema: {
        operationId: 'requestPhoneLinkCode',
        security: bearer,
        tags: ['accounts'],
        summary: 'Send a code to a mobile number to add it to the signed-in account',
        body: otpRequestBody,
        response: { 200: ok(otpRequestData), ...customerFailures(409) },
      },
    },
    async (request) => {
      const data = await accounts.requestLinkCode(
        request.user!.id,
        request.body,
        request.ip,
        request.language,
      )
      return {
        success: true as const,
        message: phoneAnswersIn(request.language).sent(data.to, data.channel),
        data,
      }
    },
  )

  app.post(
    '/user/phone/verify',
    {
      config: authLimit,
      onRequest: app.requireUser,
      schema: {
        operationId: 'verifyPhoneLinkCode',
        security: bearer,
        tags: ['accounts'],
        summary: 'Add the number with its code: it then signs in like the e-mail address',
        body: linkPhoneVerifyBody,
        response: { 200: ok(accountSchema), ...customerFailures(409) },
      },
    },
    async (request) => {
      const account = await accounts.verifyLink(request.user!.id, request.body, request.language)
      return {
        success: true as const,
        message: translatorFor(request.language).t(msg('{phone} is now on your account.'), {
          phone: maskPhone(account.phone),
        }),
        data: account,
      }
    },
  )

  app.delete(
    '/user/phone',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'removePhone',
        security: bearer,
        tags: ['accounts'],
        summary: 'Take the mobile number off the account (not when it is the only way in)',
        response: { 200: ok(accountSchema), ...customerFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: msg('Your mobile number is removed.'),
      data: await accounts.removePhone(request.user!.id),
    }),
  )
}
