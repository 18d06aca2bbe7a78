import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';

/** What the server checks too; whether the password is common is checked on the server only (its list is large). */
export function newPasswordField(username: string) {
  return z
    .string({ error: MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH) })
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH))
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH))
    .refine((password) => password.trim().toLowerCase() !== username.trim().toLowerCase(), MESSAGES.passwordIsUsername);
}

/** Re-entering the password before a change that an open session alone must not allow. */
const currentPassword = z
  .string({ error: MESSAGES.currentPasswordRequired })
  .min(1, MESSAGES.currentPasswordRequired)
  .max(1000);

export function passwordChangeSchema(username: string) {
  return z
    .object({ currentPassword, newPassword: newPasswordField(username) })
    .refine((input) => input.newPassword !== input.currentPassword, {
      message: MESSAGES.passwordUnchanged,
      path: ['newPassword'],
    });
}

export const passwordConfirmSchema = z.object({ password: currentPassword });

/** A 6-digit code from the app, or a recovery code; spaces and dashes are the reader's, not the code's. */
const signInCode = z
  .string({ error: MESSAGES.signInCodeRequired })
  .max(100)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .refine((code) => code.length > 0, MESSAGES.signInCodeRequired);

export const twoFactorEnableSchema = z.object({ code: signInCode });

export const signInCodeSchema = z.object({
  challenge: z.string({ error: MESSAGES.signInChallengeExpired }).min(1, MESSAGES.signInChallengeExpired).max(200),
  code: signInCode,
});

export type PasswordChangeInput = z.infer<ReturnType<typeof passwordChangeSchema>>;
