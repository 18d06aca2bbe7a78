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

  it.each([
    ['name', { name: '' }, 'Full Name is required'],
    ['email', { email: '' }, 'Email Address is required'],
    ['email', { email: 'not-an-address' }, 'Please enter a valid email address'],
    ['message', { message: '   ' }, 'Message is required'],
  ])('refuses a missing or bad %s, keeping nothing', async (field, change, text) => {
    await expect(addContactMessage(site.ctx, change)).rejects.toMatchObject({
      status: 400,
      message: text,
      fields: { [field]: text },
    });
    expect(await listContactMessages(site.ctx)).toEqual([]);
  });
});
