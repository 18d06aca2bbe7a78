import { projectCover } from '../../../../core/project-cover';
import type { ImageDetails, Project } from '../../../../core/types';

/** What the hero-banner and recent-projects managers show of a project: its line in a list and its cover. */
export interface ProjectSummary extends Pick<
  Project,
  'id' | 'title' | 'category' | 'year' | 'location' | 'featured' | 'showInRecent' | 'createdAt' | 'publishedAt'
> {
  cover: ImageDetails | null;
}

export function toProjectSummary(project: Project): ProjectSummary {
  const { id, title, category, year, location, featured, showInRecent, createdAt, publishedAt } = project;
  const cover = projectCover(project).image ?? null;
  return { id, title, category, year, location, featured, showInRecent, createdAt, publishedAt, cover };
}
