import type { ImageDetails, Project } from './types';

export interface ProjectCover {
  /** The cover's stored image, or undefined for a project without images. */
  image: ImageDetails | undefined;
  /** The cover's path relative to /uploads/ ('' when there is none). */
  path: string;
  /** The alt text the administrator wrote for the cover, else the project's title. */
  alt: string;
}

/**
 * The one rule for a project's cover: the image the server named as cover (`project.image`,
 * from `coverMediaId`), else the first one. Every page shows it with its own alt text, never
 * image 0's, so a cover chosen later keeps the description written for it.
 */
export function projectCover(project: Pick<Project, 'image' | 'imageDetails' | 'title'>): ProjectCover {
  const image = project.imageDetails.find((details) => details.path === project.image) ?? project.imageDetails[0];
  return { image, path: image?.path ?? project.image, alt: image?.alt || project.title };
}
