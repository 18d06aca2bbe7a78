import { expect, it } from 'vitest';
import { NOTIFY_RETRY } from '../../core/constants';
import { retryDelayMs } from '../../server/services/mail/contact-email-queue';

it('waits the base after the first failure, doubling per attempt up to an hour', () => {
  const waits = Array.from({ length: 9 }, (_, index) => retryDelayMs(index + 1, NOTIFY_RETRY.retryBaseMs) / 1000);
  expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  expect(retryDelayMs(NOTIFY_RETRY.maxAttempts, NOTIFY_RETRY.retryBaseMs)).toBe(60 * 60 * 1000);
  expect(retryDelayMs(3, 200)).toBe(800);
});
