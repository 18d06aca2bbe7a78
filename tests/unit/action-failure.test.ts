import { describe, expect, it } from 'vitest';
import { actionFailure } from '../../app/lib/action-failure.server';
import { AppError } from '../../server/services/errors';

describe('actionFailure', () => {
  it('answers an error the sender can put right with its message and field messages', () => {
    expect(actionFailure(new AppError(400, 'Name is required', { name: 'Name is required' }))).toEqual({
      ok: false,
      error: 'Name is required',
      fields: { name: 'Name is required' },
    });
    expect(actionFailure(new AppError(429, 'Too many messages'))).toMatchObject({
      ok: false,
      error: 'Too many messages',
    });
  });

  it('throws on a server fault, so the error page shows it', () => {
    const fault = new AppError(500, 'Database gone');
    expect(() => actionFailure(fault)).toThrow(fault);
    expect(() => actionFailure(new Error('bug'))).toThrow('bug');
  });
});
