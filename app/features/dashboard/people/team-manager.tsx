import { useState } from 'react';
import { MESSAGES } from '../../../../core/messages';
import { teamMemberCreateSchema } from '../../../../core/schemas/team-member.schema';
import type { TeamMember } from '../../../../core/types';
import { failureOf } from '../../../lib/api-client';
import { dashboardRequest, withDetail } from '../dashboard-api';
import { useNotice } from '../notice';
import type { EntityKind } from './entity-kind';
import { EntityFacts, EntityManager } from './entity-manager';

const TEAM_PATH = '/api/team-members';

const TEAM_KIND: EntityKind<TeamMember> = {
  noun: 'team member',
  apiPath: TEAM_PATH,
  imageField: 'image',
  imageLabel: 'Photo',
  imageOf: (member) => member.imageDetails,
  imageAlt: (member) => `Portrait of ${member.name}`,
  fields: [
    { name: 'name', label: 'Name', required: true },
    {
      name: 'title',
      label: 'Title',
      required: true,
      hint: 'Their profession, shown under the name on the About page: such as Principal Architect.',
    },
    {
      name: 'position',
      label: 'Position',
      required: true,
      hint: 'Their role in the studio, shown under the title: such as Founder & Director.',
    },
  ],
  valuesOf: (member) => ({ name: member?.name ?? '', title: member?.title ?? '', position: member?.position ?? '' }),
  schema: teamMemberCreateSchema,
  saveError: MESSAGES.errorSavingTeamMember,
  deleteError: MESSAGES.errorDeletingTeamMember,
  describe: (member) => (
    <EntityFacts
      facts={[
        ['Title', member.title],
        ['Position', member.position],
      ]}
    />
  ),
  emptyText: 'No team members yet. Add team members to show them on the About page.',
  gridClassName: 'entity-grid--team',
};

/**
 * Team Members Management (SPEC section 2). The page arrives with the list;
 * Reload fetches it again from the API (SPEC section 4 keeps the team as a
 * list with its own error), and a failure says 'Error loading team members'
 * while the last list stays on screen.
 */
export function TeamManager({ members }: { members: TeamMember[] }) {
  const notices = useNotice();
  // A reload answers for the list it replaced; a newer list from the page (after a save) wins.
  const [reloaded, setReloaded] = useState<{ from: TeamMember[]; members: TeamMember[] } | null>(null);
  const [reloading, setReloading] = useState(false);
  const shown = reloaded?.from === members ? reloaded.members : members;

  async function reload() {
    setReloading(true);
    try {
      const { data } = await dashboardRequest<{ data: TeamMember[] }>('GET', TEAM_PATH);
      setReloaded({ from: members, members: data });
      notices.showSuccess('Team members reloaded.');
    } catch (error) {
      notices.showError(withDetail(MESSAGES.errorLoadingTeam, failureOf(error)));
    } finally {
      setReloading(false);
    }
  }

  return (
    <EntityManager
      kind={TEAM_KIND}
      heading="Team Members Management"
      items={shown}
      notices={notices}
      toolbar={
        <button type="button" className="button button--ghost" onClick={() => void reload()} disabled={reloading}>
          {reloading ? 'Reloading...' : 'Reload'}
        </button>
      }
    />
  );
}
