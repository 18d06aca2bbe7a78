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

/** The draft after the stored images changed: removed ones leave, new ones join at the end, the rest keep their place. */
export function mergeArrangement(draft: ArrangedImage[], project: Project): ArrangedImage[] {
  const stored = arrangementOf(project);
  const storedUrls = new Set(stored.map((image) => image.imageUrl));
  const kept = draft.filter((image) => storedUrls.has(image.imageUrl));
  const keptUrls = new Set(kept.map((image) => image.imageUrl));
  return [...kept, ...stored.filter((image) => !keptUrls.has(image.imageUrl))];
}

export function sameArrangement(a: ArrangedImage[], b: ArrangedImage[]): boolean {
  return (
    a.length === b.length &&
    a.every((image, index) => image.imageUrl === b[index]?.imageUrl && image.alt === b[index]?.alt)
  );
}
