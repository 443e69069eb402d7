import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffAnswers } from '../../../../contracts/staff.ts'
import {
  staffDisableSchema,
  staffInvitedSchema,
  staffInviteSchema,
  staffListSchema,
  staffMemberSchema,
  staffRoleChangeSchema,
} from '../../../../contracts/staff-api.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** Staff accounts and their roles (owners only: mounted in the console's 'staff' area, decision 091). */
export const staffRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const staff = services.admin.staff

  app.get(
    '/staff',
    {
      schema: {
        operationId: 'adminListStaff',
        tags,
        security,
        summary: 'Every staff account with its role, since when, and whether it is disabled or still invited',
        response: { 200: ok(staffListSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Staff',
      data: { items: await staff.list(actorOf(request)) },
    }),
  )

  app.post(
    '/staff',
    {
      schema: {
        operationId: 'adminInviteStaff',
        tags,
        security,
        summary:
          "Invite a colleague by e-mail with a role: a new address gets a link to choose a password, a customer's account becomes staff",
        body: staffInviteSchema,
        response: { 201: ok(staffInvitedSchema), ...adminFailures(409) },
      },
    },
    async (request, reply) => {
      const invited = await staff.invite(actorOf(request), request.body)
      reply.status(201)
      return {
        success: true as const,
        message:
          invited.outcome === 'invited'
            ? staffAnswers.invited(invited.member.email)
            : staffAnswers.invitedCustomer(invited.member.email),
        data: invited,
      }
    },
  )

  app.post(
    '/staff/:id/invitation',
    {
      schema: {
        operationId: 'adminInviteStaffAgain',
        tags,
        security,
        summary: 'Send a new invitation to a colleague who has not chosen a password yet',
        params: idParams,
        response: { 200: ok(staffMemberSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const member = await staff.inviteAgain(actorOf(request), request.params.id)
      return { success: true as const, message: staffAnswers.invitedAgain(member.email), data: member }
    },
  )

  app.post(
    '/staff/:id/role',
    {
      schema: {
        operationId: 'adminChangeStaffRole',
        tags,
        security,
        summary: "Change a colleague's role (never your own, nor an owner's above you or the last owner's)",
        params: idParams,
        body: staffRoleChangeSchema,
        response: { 200: ok(staffMemberSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const member = await staff.setRole(actorOf(request), request.params.id, request.body.role)
      return {
        success: true as const,
        message: staffAnswers.roleChanged(member.fullName, member.role),
        data: member,
      }
    },
  )

  app.post(
    '/staff/:id/disable',
    {
      schema: {
        operationId: 'adminDisableStaff',
        tags,
        security,
        summary:
          'Disable a colleague (their sign-ins end at once) or enable them again; never yourself, nor an owner above you or the last owner',
        params: idParams,
        body: staffDisableSchema,
        response: { 200: ok(staffMemberSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const member = await staff.setDisabled(actorOf(request), request.params.id, request.body.disabled)
      return {
        success: true as const,
        message: member.disabled
          ? staffAnswers.disabled(member.fullName)
          : staffAnswers.enabled(member.fullName),
        data: member,
      }
    },
  )
}
