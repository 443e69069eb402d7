import { z } from 'zod'
import { emailPattern, messageTexts as t } from './messages-text.ts'

const email = z
  .string({ error: t.emailRequired })
  .trim()
  .min(1, t.emailRequired)
  .max(200, t.emailInvalid)
  .regex(emailPattern, t.emailInvalid)

/** The Contact Us form (First Name, Last Name, Phone No., Email, Write Message). */
export const contactInputSchema = z.object({
  firstName: z.string({ error: t.firstNameRequired }).trim().min(1, t.firstNameRequired).max(80),
  lastName: z.string().trim().max(80).optional().default(''),
  phone: z
    .string()
    .trim()
    .optional()
    .default('')
    .refine((v) => v === '' || /^\d{10}$/.test(v), { message: t.phoneInvalid }),
  email,
  message: z.string({ error: t.messageRequired }).trim().min(1, t.messageRequired).max(5000),
})

export const newsletterInputSchema = z.object({ email })
