import { PROJECT_CATEGORIES } from '../../../../core/constants';
import type { Project } from '../../../../core/types';

export const ALL_CATEGORIES = 'All Categories';

export interface ProjectSearch {
  text: string;
  category: string;
}

/** The words typed match anywhere in the title, location, client or description, in any case. */
export function searchProjects(projects: Project[], search: ProjectSearch): Project[] {
  const words = search.text.toLowerCase().split(/\s+/).filter(Boolean);
  return projects.filter((project) => {
    if (search.category !== ALL_CATEGORIES && project.category !== search.category) return false;
    const haystack = [project.title, project.location, project.client, project.description].join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The filter's choices: the main form's categories, then any other category
 * a stored project carries (the hero form has its own list).
 */
export function categoryChoices(projects: Project[]): string[] {
  const main = new Set<string>(PROJECT_CATEGORIES);
  const others = [...new Set(projects.map((project) => project.category).filter((category) => !main.has(category)))];
  return [ALL_CATEGORIES, ...PROJECT_CATEGORIES, ...others.sort()];
}
