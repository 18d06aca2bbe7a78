import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answeredByServer } from '../../app/features/dashboard/use-form-submit';
import { ApiError, failureOf } from '../../app/lib/api-client';
import { checkInput, formValues } from '../../app/lib/form-check';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  year: z.coerce.number().int('Year must be a whole number'),
});

describe('checkInput', () => {
  it('gives the schema’s output when all is well', () => {
    expect(checkInput(schema, { name: ' Dzong ', year: '2024' })).toEqual({
      ok: true,
      data: { name: 'Dzong', year: 2024 },
    });
  });

  it('names each invalid field, the first message leading, as the API’s 400 does', () => {
    expect(checkInput(schema, { name: '', year: '1.5' })).toEqual({
      ok: false,
      error: 'Name is required',
      fields: { name: 'Name is required', year: 'Year must be a whole number' },
    });
  });

  it('adds the form’s own rules, which win over the schema’s message for the same field', () => {
    expect(checkInput(schema, { name: 'A', year: 'x' }, { year: 'Pick a year', images: 'Choose an image' })).toEqual({
      ok: false,
      error: 'Pick a year',
      fields: { year: 'Pick a year', images: 'Choose an image' },
    });
    expect(checkInput(schema, { name: 'A', year: 1 }, { images: 'Choose an image' })).toMatchObject({ ok: false });
  });

  it('takes the input as it is without a schema, unless a rule of the form fails', () => {
    expect(checkInput(undefined, { code: '123' })).toEqual({ ok: true, data: { code: '123' } });
    expect(checkInput(undefined, undefined)).toEqual({ ok: true, data: undefined });
    expect(checkInput(undefined, {}, { password: 'Current password is required' })).toEqual({
      ok: false,
      error: 'Current password is required',
      fields: { password: 'Current password is required' },
    });
  });
});

describe('formValues', () => {
  it('takes the text fields of a FormData and leaves files out', () => {
    const data = new FormData();
    data.append('vision', 'Homes that last');
    data.append('items.0.title', 'Design');
    data.append('logo', new File(['x'], 'logo.png'));
    expect(formValues(data)).toEqual({ vision: 'Homes that last', 'items.0.title': 'Design' });
  });
});

describe('failureOf', () => {
  it('turns an API error into the one error shape, with its status and field messages', () => {
    expect(failureOf(new ApiError('Title is required', 400, { title: 'Title is required' }))).toEqual({
      ok: false,
      error: 'Title is required',
      status: 400,
      fields: { title: 'Title is required' },
    });
    expect(failureOf(new ApiError('Network error', null))).toEqual({ ok: false, error: 'Network error', status: null });
  });

  it('keeps any other error’s message, and none for a thrown non-error, so the caller’s fallback applies', () => {
    expect(failureOf(new Error('Invalid project data'))).toEqual({ ok: false, error: 'Invalid project data' });
    expect(failureOf('oops')).toEqual({ ok: false, error: '' });
  });
});

describe('answeredByServer', () => {
  it('reloads the page’s data after a refusal, not after a network failure, a 401 or a failed check', () => {
    expect(answeredByServer({ ok: false, error: 'Not found', status: 404 })).toBe(true);
    expect(answeredByServer({ ok: false, error: 'Boom', status: 500 })).toBe(true);
    expect(answeredByServer({ ok: false, error: 'Network error', status: null })).toBe(false);
    expect(answeredByServer({ ok: false, error: 'Unauthorized', status: 401 })).toBe(false);
    expect(answeredByServer({ ok: false, error: 'Name is required', fields: { name: 'Name is required' } })).toBe(
      false,
    );
  });
});
