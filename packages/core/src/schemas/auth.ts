import { z } from 'zod';
import { LIMITS } from '../limits';
import { msg } from '../messages';

const email = z
  .string({ error: msg('validation.emailRequired') })
  .trim()
  .min(1, msg('validation.emailRequired'))
  .max(LIMITS.emailMax, msg('validation.tooLong', { max: LIMITS.emailMax }))
  .pipe(z.email({ error: msg('validation.emailInvalid') }));

const password = z
  .string({ error: msg('validation.passwordRequired') })
  .min(1, msg('validation.passwordRequired'))
  .max(200, msg('validation.tooLong', { max: 200 }));

const newPassword = password.refine((v) => v.length >= LIMITS.passwordMin, {
  message: msg('validation.passwordMin', { min: LIMITS.passwordMin }),
});

const personName = z
  .string({ error: msg('validation.nameRequired') })
  .trim()
  .min(1, msg('validation.nameRequired'))
  .max(LIMITS.personNameMax, msg('validation.tooLong', { max: LIMITS.personNameMax }));

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: personName,
    email,
    password: newPassword,
    password_confirmation: z.string({ error: msg('validation.passwordConfirmation') }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: msg('validation.passwordConfirmation'),
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const recoverPasswordSchema = z.object({ email });
export type RecoverPasswordInput = z.infer<typeof recoverPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, msg('errors.resetLinkInvalid')),
    password: newPassword,
    password_confirmation: z.string({ error: msg('validation.passwordConfirmation') }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: msg('validation.passwordConfirmation'),
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const accountSchema = z.object({
  first_name: personName,
  last_name: z
    .string()
    .trim()
    .max(LIMITS.personNameMax, msg('validation.tooLong', { max: LIMITS.personNameMax }))
    .nullish()
    .transform((v) => v || null),
  email,
  avatar: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
  /** Needed only when the e-mail changes: whoever holds a session must not take the account with it. */
  current_password: z.string().max(200).optional(),
});
export type AccountInput = z.input<typeof accountSchema>;

/**
 * The signed-in user's password change: the current password (whoever holds a session must not lock the owner out),
 * the new one with the register rules (spec 01 §5: at least 8 characters) and its confirmation.
 */
export const passwordChangeSchema = z
  .object({
    current_password: password,
    password: newPassword,
    password_confirmation: z.string({ error: msg('validation.passwordConfirmation') }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: msg('validation.passwordConfirmation'),
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
