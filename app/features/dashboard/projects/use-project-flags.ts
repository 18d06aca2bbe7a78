import { useState } from 'react';
import { MESSAGES } from '../../../../core/messages';
import type { Project } from '../../../../core/types';
import { dashboardRequest, withDetail } from '../dashboard-api';
import { useFormSubmit } from '../use-form-submit';

export type ProjectFlag = 'featured' | 'showInRecent';

const FLAG_TEXT: Record<ProjectFlag, { place: string; failure: string }> = {
  featured: { place: 'the hero banner', failure: MESSAGES.errorUpdatingFeatured },
  showInRecent: { place: 'Recent Projects', failure: MESSAGES.errorUpdatingProject },
};

/**
 * Add to / Remove from Hero and Recent (SPEC section 4): the project shows
 * "Updating..." while its call runs, then the lists are loaded again and a
 * message confirms what changed, or says what failed.
 */
export function useProjectFlags(report: { showSuccess: (text: string) => void; showError: (text: string) => void }) {
  const { submit } = useFormSubmit();
  const [updating, setUpdating] = useState<ReadonlySet<number>>(new Set());

  async function toggle(project: Pick<Project, 'id' | 'title' | ProjectFlag>, flag: ProjectFlag) {
    const on = !project[flag];
    setUpdating((ids) => new Set(ids).add(project.id));
    const result = await submit({ send: () => dashboardRequest('PUT', `/api/projects/${project.id}`, { [flag]: on }) });
    if (result.ok)
      report.showSuccess(`"${project.title}" ${on ? 'added to' : 'removed from'} ${FLAG_TEXT[flag].place}.`);
    else report.showError(withDetail(FLAG_TEXT[flag].failure, result));
    setUpdating((ids) => {
      const next = new Set(ids);
      next.delete(project.id);
      return next;
    });
  }

  return { toggle, isUpdating: (id: number) => updating.has(id) };
}
