/** The owner's account as the API and the account page share it: sessions, the sign-in history, two-factor set-up. */

/** What the sign-in history records, and how the account page names each. */
export const SIGN_IN_RESULT_LABELS = {
  'signed-in': 'Signed in',
  'signed-in-with-recovery-code': 'Signed in with a recovery code',
  'wrong-password': 'Wrong name or password',
  'wrong-code': 'Wrong two-factor code',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset from the server',
  'two-factor-on': 'Two-factor sign-in turned on',
  'two-factor-off': 'Two-factor sign-in turned off',
  'recovery-codes-renewed': 'New recovery codes',
} as const;

export type SignInResult = keyof typeof SIGN_IN_RESULT_LABELS;

export interface SignInEvent {
  at: string;
  ip: string;
  device: string;
  result: SignInResult;
}

export interface ActiveSession {
  /** A public id: never the session's token nor its hash. */
  id: string;
  device: string;
  ip: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface AccountSummary {
  username: string;
  twoFactorEnabled: boolean;
  recoveryCodesLeft: number;
  passwordChangedAt: string | null;
  mustChangePassword: boolean;
}

/** What set-up shows: the QR code (an SVG data URL) and the same secret as text for typing. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}
