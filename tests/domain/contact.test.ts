import { describe, expect, it } from 'vitest';
import { listContactMessages } from '../../server/services/content/contacts';
import { contextPerTest } from '../support/domain-context';
import { addContactMessage } from '../support/domain-factories';
import { CONTACT_MESSAGE_DEFAULTS as message } from '../support/factories';

const site = contextPerTest();

describe('the contact form', () => {
  it('keeps a message with its four fields, new, the phone optional', async () => {
    await addContactMessage(site.ctx);
    await addContactMessage(site.ctx, { phone: undefined, message: 'No phone' });
    const [withoutPhone, plain] = await listContactMessages(site.ctx);
    expect(plain).toMatchObject({ ...message, status: 'new' });
    expect(withoutPhone).toMatchObject({ message: 'No phone', phone: '' });
  });

  it('refuses a missing or bad name, e-mail or message, naming it and keeping nothing', async () => {
    const refusals: [string, Record<string, string>, string][] = [
      ['name', { name: '' }, 'Full Name is required'],
      ['email', { email: '' }, 'Email Address is required'],
      ['email', { email: 'not-an-address' }, 'Please enter a valid email address'],
      ['message', { message: '   ' }, 'Message is required'],
    ];
    for (const [field, change, text] of refusals) {
      await expect(addContactMessage(site.ctx, change), text).rejects.toMatchObject({
        status: 400,
        message: text,
        fields: { [field]: text },
      });
    }
    expect(await listContactMessages(site.ctx)).toEqual([]);
  });
});
