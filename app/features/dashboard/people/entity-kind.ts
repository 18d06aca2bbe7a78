import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { ImageDetails } from '../../../../core/types';

/** One input of an entity's form; values travel as text, as multipart sends them. */
export interface EntityField {
  name: string;
  label: string;
  kind?: 'text' | 'url' | 'textarea' | 'select';
  options?: readonly string[];
  /** The words a select shows for its options' values, where they need more than the value says. */
  optionLabels?: Readonly<Record<string, string>>;
  required?: boolean;
  /** What the field is for, where its label alone would not say. */
  hint?: string;
}

export type FieldValues = Record<string, string>;

/** What the generic manager needs to know about an entity with at most one image (clients, team members). */
export interface EntityKind<T extends { id: number; name: string }> {
  /** Lower case, for buttons and messages: 'client', 'team member'. */
  noun: string;
  /** The REST collection of SPEC section 7, e.g. '/api/clients'. */
  apiPath: string;
  /** The multipart field the API reads the image from. */
  imageField: string;
  imageLabel: string;
  imageOf: (item: T) => ImageDetails | null;
  imageAlt: (item: T) => string;
  fields: EntityField[];
  /** The form's starting values: the item's, or the defaults for a new one. */
  valuesOf: (item: T | null) => FieldValues;
  /** The schema the API checks with, so the form says the same thing before sending. */
  schema: ZodType;
  saveError: string;
  deleteError: string;
  /** The card's text below the name. */
  describe: (item: T) => ReactNode;
  emptyText: string;
  /** A modifier class for the grid and cards, e.g. 'entity-grid--three'. */
  gridClassName?: string;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
