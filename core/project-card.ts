import { projectCover } from './project-cover';
import { type ShownImage, shownImage } from './shown-image';
import type { Project } from './types';

/**
 * A project as the home page's hero and Last Projects and the listing pages' sliders draw it: its cover and
 * the words beside it. Their loaders hand this to React instead of the whole project (every image with every
 * variant, the description, the client, the dates), and the hero maps the API's refreshed list to it too.
 */
export interface ProjectCard {
  id: number;
  title: string;
  year: number;
  location: string;
  category: string;
  /** The cover with its own alt text (else the title); null for a project without images. */
  cover: ShownImage | null;
}

export function projectCard(project: Project): ProjectCard {
  const cover = projectCover(project);
  return {
    id: project.id,
    title: project.title,
    year: project.year,
    location: project.location,
    category: project.category,
    cover: cover.image ? shownImage(cover.image, cover.alt) : null,
  };
}
