import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as ZxcvbnLanguage from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_STRENGTH } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { newPasswordField } from '../../../core/schemas/account.schema';
import { onFirstUse } from '../../on-first-use';

const loadZxcvbn = onFirstUse<typeof ZxcvbnCore>('@zxcvbn-ts/core');
const loadWordLists = onFirstUse<typeof ZxcvbnLanguage>('@zxcvbn-ts/language-common');

/** Built at the first check, its package and word lists loaded then: they are large, and only a password change needs them. */
let checker: ZxcvbnFactory | undefined;

/**
 * Why `password` may not become the password of `username` (the rules of core, then zxcvbn's estimate of
 * how soon it is guessed, from its lists of common passwords, words and keyboard patterns), or null.
 */
export function passwordWeakness(password: string, username: string): string | null {
  const parsed = newPasswordField(username).safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? MESSAGES.passwordTooCommon;
  if (!checker) {
    const { dictionary, adjacencyGraphs } = loadWordLists();
    checker = new (loadZxcvbn().ZxcvbnFactory)({ dictionary, graphs: adjacencyGraphs });
  }
  return checker.check(password, [username]).score < PASSWORD_MIN_STRENGTH ? MESSAGES.passwordTooCommon : null;
}
