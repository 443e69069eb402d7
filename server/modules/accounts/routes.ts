import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  accountSchema,
  changePasswordBody,
  currentUserData,
  dashboardData,
  loginBody,
  loginData,
  logoutBody,
  refreshBody,
  registerBody,
  registerData,
  tokenPair,
  updateAccountBody,
} from '../../../contracts/accounts.ts'
import { confirmEmailBody, forgotPasswordBody, resetPasswordBody } from '../../../contracts/mail.ts'
import { ValidationError } from '../../http/errors.ts'
import { bearer, customerFailures, done, failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { mailAnswers } from '../mail/messages.ts'
import { AVATAR_MAX_BYTES } from './avatar.ts'
import { loginAnswer } from './login-answer.ts'
import { assertSelf } from './service.ts'

export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { accounts, addresses, orders, config } = services
  // Sign-in, registration and refresh get a tighter per-address limit than the global one.
  const authLimit = {
    rateLimit: { max: Math.max(20, Math.floor(config.RATE_LIMIT_MAX / 50)), timeWindow: '1 minute' },
  }

  app.post(
    '/user/register',
    {
      config: authLimit,
      schema: {
        operationId: 'registerCustomer',
        security: publicAccess,
        tags: ['accounts'],
        summary: 'Create a customer account (never an administrator) and sign it in',
        description:
          'Answers 409 when the e-mail (compared case-insensitively) is taken. The answer carries the same ' +
          'sign-in data as login (user, accessToken, refreshToken), so the new customer is signed in at once.',
        body: registerBody,
        response: { 201: ok(registerData), ...failures(409) },
      },
    },
    async (request, reply) => {
      const { account, accessToken, refreshToken, refreshTokenExpiresIn } = await accounts.signUp(
        request.body,
        request.language,
      )
      return reply.status(201).send({
        success: true as const,
        message: 'Registration successful',
        data: {
          _id: account._id,
          fullName: account.fullName,
          email: account.email,
          user: {
            _id: account._id,
            fullName: account.fullName,
            email: account.email,
            userName: account.userName,
            avatar: account.avatar,
          },
          accessToken,
          refreshToken,
          refreshTokenExpiresIn,
        },
      })
    },
  )

  app.post(
    '/user/login',
    {
      config: authLimit,
      schema: {
        operationId: 'signIn',
        security: publicAccess,
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password',
        description:
          'A wrong e-mail and a wrong password both answer 401 with the same message. Failed attempts are ' +
          'counted per account, per account from one client address, and per client address (a higher ' +
          'ceiling); past a limit the answer is 429 with a message. A 503 costs no attempt.',
        body: loginBody,
        response: { 200: ok(loginData), ...failures(401, 403) },
      },
    },
    async (request) => loginAnswer(await accounts.login(request.body, request.ip)),
  )

  app.post(
    '/user/forgot-password',
    {
      config: authLimit,
      schema: {
        operationId: 'requestPasswordReset',
        security: publicAccess,
        tags: ['accounts'],
        summary: 'E-mail a link to choose a new password',
        description:
          'Always answers 200 with the same message, whether or not an account has this e-mail. The link ' +
          'works once, for 30 minutes. Requests are limited per e-mail address and per client address (429).',
        body: forgotPasswordBody,
        response: { 200: done, ...failures() },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email, request.ip, request.language)
      return { success: true as const, message: mailAnswers.resetRequested }
    },
  )

  app.post(
    '/user/reset-password',
    {
      config: authLimit,
      schema: {
        operationId: 'resetPassword',
        security: publicAccess,
        tags: ['accounts'],
        summary: "Set a new password with a reset link's token",
        description:
          'The password follows the registration rule. Every sign-in of the account ends. An unknown, used ' +
          'or expired token answers 400 with a message saying which.',
        body: resetPasswordBody,
        response: { 200: done, ...failures() },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password)
      return { success: true as const, message: mailAnswers.resetDone }
    },
  )

  app.post(
    '/user/refresh-token',
    {
      config: authLimit,
      schema: {
        operationId: 'refreshSession',
        security: publicAccess,
        tags: ['accounts'],
        summary: 'Swap a refresh token for a new access token and a new refresh token',
        description:
          'Each refresh token works once. Presented again within 30 seconds of its use (two tabs, a retry) ' +
          'it answers the same pair as the first time; presented later it revokes every token of that ' +
          'sign-in (a stolen token is then useless too). Expired, revoked or unknown tokens answer 401.',
        body: refreshBody,
        response: { 200: ok(tokenPair), ...failures(401) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Token refreshed',
      data: await accounts.refresh(request.body.refreshToken),
    }),
  )

  app.post(
    '/user/logout',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'signOut',
        tags: ['accounts'],
        summary: 'Sign out',
        description:
          'With `refreshToken` only that sign-in ends; without it every sign-in of the account ends. ' +
          '`id`, when sent, must be the caller (else 403).',
        security: bearer,
        body: logoutBody.optional(),
        response: { 200: done, ...customerFailures(403) },
      },
    },
    async (request) => {
      const user = request.user!
      assertSelf(user.id, request.body?.id)
      await accounts.logout(user.id, request.body?.refreshToken)
      return { success: true as const, message: 'Logged out' }
    },
  )

  app.get(
    '/user/current-user',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'currentUser',
        tags: ['accounts'],
        summary: "The caller's account",
        description:
          'The fields are in `data` and, for clients that read `data.data`, repeated there. ' +
          '`id`, when sent, must be the caller (else 403).',
        security: bearer,
        querystring: z.object({ id: z.string().max(64).optional() }),
        response: { 200: ok(currentUserData), ...customerFailures(403, 404) },
      },
    },
    async (request) => {
      const user = request.user!
      assertSelf(user.id, request.query.id)
      const account = await accounts.profile(user.id)
      return { success: true as const, message: 'User fetched', data: { ...account, data: account } }
    },
  )

  app.patch(
    '/user/update-account',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'updateAccount',
        tags: ['accounts'],
        summary: "Change the caller's personal details",
        description:
          'fullName, userName and email are required; empty mobile, dob or gender clear them. Changing the ' +
          'e-mail also needs `currentPassword` (400 with a message when missing or wrong) and ends every ' +
          'other sign-in of the account; the one making the change stays signed in.',
        security: bearer,
        body: updateAccountBody,
        response: { 200: ok(accountSchema), ...customerFailures(403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Account updated',
      data: await accounts.updateAccount(
        request.user!.id,
        request.body,
        request.user!.sessionId,
        request.language,
      ),
    }),
  )

  app.post(
    '/user/confirm-email',
    {
      config: authLimit,
      schema: {
        operationId: 'confirmEmail',
        security: publicAccess,
        tags: ['accounts'],
        summary: "Confirm an account's e-mail address with the link's token",
        description:
          'The link is in the welcome e-mail and in the one sent after an e-mail change or on request. It ' +
          'works once, for 3 days, and only for the address it was sent to. An unknown, used or expired token ' +
          'answers 400 with a message saying which.',
        body: confirmEmailBody,
        response: { 200: done, ...failures() },
      },
    },
    async (request) => {
      await accounts.confirmEmail(request.body.token)
      return { success: true as const, message: mailAnswers.emailConfirmed }
    },
  )

  app.post(
    '/user/confirm-email/resend',
    {
      onRequest: app.requireUser,
      config: authLimit,
      schema: {
        operationId: 'resendEmailConfirmation',
        tags: ['accounts'],
        summary: "Send the link that confirms the caller's e-mail address again",
        description:
          'Earlier links stop working. 409 when the address is already confirmed; 429 after 3 in an hour.',
        security: bearer,
        response: { 200: done, ...customerFailures(404, 409) },
      },
    },
    async (request) => {
      const sent = await accounts.resendConfirmation(request.user!.id, request.language)
      return { success: true as const, message: mailAnswers.confirmationSent(sent.email) }
    },
  )

  app.patch(
    '/user/avatar',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'uploadAvatar',
        tags: ['accounts'],
        summary: "Upload the caller's avatar (multipart, file field `avatar`)",
        description:
          'JPEG, PNG, WebP, GIF or AVIF, checked by content; at most 2 MB and 8000 × 8000 pixels. ' +
          'Stored re-encoded as a 256 × 256 WebP; anything else answers 400 with a message.',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 200: ok(accountSchema), ...customerFailures(404, 415) },
      },
    },
    async (request) => {
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })
      if (file?.fieldname !== 'avatar') {
        throw new ValidationError('Please choose a picture to upload (form field "avatar").')
      }
      let bytes: Buffer
      try {
        bytes = await file.toBuffer()
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new ValidationError('The avatar must be 2 MB or smaller.')
        }
        throw e
      }
      return {
        success: true as const,
        message: 'Avatar updated',
        data: await accounts.setAvatar(request.user!.id, bytes),
      }
    },
  )

  app.post(
    '/user/change-password',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'changePassword',
        tags: ['accounts'],
        summary: "Change the caller's password",
        description:
          'Ends every sign-in of the account (all refresh tokens are revoked) and answers a fresh token pair ' +
          'for the caller. A wrong old password answers 400 with a message.',
        security: bearer,
        body: changePasswordBody,
        response: { 200: ok(tokenPair), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Password changed successfully',
      data: await accounts.changePassword(
        request.user!.id,
        request.body.oldPassword,
        request.body.newPassword,
      ),
    }),
  )

  app.get(
    '/user/dashboard',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'accountDashboard',
        tags: ['accounts'],
        summary: "The caller's dashboard: account, first saved address, order counts",
        description: 'Completed counts Delivered orders. `id`, when sent, must be the caller (else 403).',
        security: bearer,
        querystring: z.object({ id: z.string().max(64).optional() }),
        response: { 200: ok(dashboardData), ...customerFailures(403, 404) },
      },
    },
    async (request) => {
      const user = request.user!
      assertSelf(user.id, request.query.id)
      const [account, address, counts] = await Promise.all([
        accounts.profile(user.id),
        addresses.first(user.id),
        orders.countsForCustomer(user.id),
      ])
      return {
        success: true as const,
        message: 'Dashboard fetched',
        data: { user: account, address, orders: counts },
      }
    },
  )
}
