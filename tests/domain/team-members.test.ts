import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { listTeamMembers, updateTeamMember } from '../../server/services/content/team-members';
import { contextPerTest } from '../support/domain-context';
import { addTeamMember } from '../support/domain-factories';

const site = contextPerTest();

describe('team members', () => {
  it('need a name, a title and a position, on create and update', async () => {
    const member = await addTeamMember(site.ctx);
    for (const field of ['name', 'title', 'position']) {
      await expect(addTeamMember(site.ctx, { [field]: undefined }), field).rejects.toMatchObject({
        status: 400,
        message: MESSAGES.fillRequiredFields,
      });
      await expect(updateTeamMember(site.ctx, member.id, { [field]: '' }), field).rejects.toMatchObject({
        status: 400,
        message: MESSAGES.fillRequiredFields,
      });
    }
    expect(await listTeamMembers(site.ctx)).toEqual([member]);
  });
});
