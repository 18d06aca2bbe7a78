import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { listTeamMembers, updateTeamMember } from '../../server/services/content/team-members';
import { contextPerTest } from '../support/domain-context';
import { addTeamMember } from '../support/domain-factories';

const site = contextPerTest();

describe('team members', () => {
  it.each(['name', 'title', 'position'])('need a %s, on create and update', async (field) => {
    await expect(addTeamMember(site.ctx, { [field]: undefined })).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.fillRequiredFields,
    });
    const member = await addTeamMember(site.ctx);
    await expect(updateTeamMember(site.ctx, member.id, { [field]: '' })).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.fillRequiredFields,
    });
    expect(await listTeamMembers(site.ctx)).toEqual([member]);
  });
});
