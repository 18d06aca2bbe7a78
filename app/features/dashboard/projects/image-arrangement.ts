import type { Project } from '../../../../core/types';

/** One image as PUT /api/projects/{id}/images takes it; an empty alt means "the project's title". */
export interface ArrangedImage {
  imageUrl: string;
  alt: string;
}

/** An alt that is just the title is kept empty, so that it follows a renamed project. */
function ownAlt(alt: string, title: string): string {
  const text = alt.trim();
  return text === title ? '' : text;
}

/** The stored order and alt texts, as the manager's draft starts. */
export function arrangementOf(project: Project): ArrangedImage[] {
  return project.imageDetails.map((image) => ({ imageUrl: image.path, alt: ownAlt(image.alt, project.title) }));
}

/** The draft as it is sent: alt texts trimmed, and empty where they only repeat the title. */
export function toSaved(draft: ArrangedImage[], title: string): ArrangedImage[] {
  return draft.map((image) => ({ imageUrl: image.imageUrl, alt: ownAlt(image.alt, title) }));
}

/**
 * The draft after the stored images changed (moved, removed, added): in the stored order, each image with its
 * unsaved alt text if it has one (the order is saved at each move, decision 041; alt texts with the Save button).
 */
export function mergeArrangement(draft: ArrangedImage[], project: Project): ArrangedImage[] {
  const drafted = new Map(draft.map((image) => [image.imageUrl, image.alt]));
  return arrangementOf(project).map((image) => ({ ...image, alt: drafted.get(image.imageUrl) ?? image.alt }));
}

export function sameArrangement(a: ArrangedImage[], b: ArrangedImage[]): boolean {
  return (
    a.length === b.length &&
    a.every((image, index) => image.imageUrl === b[index]?.imageUrl && image.alt === b[index]?.alt)
  );
}
