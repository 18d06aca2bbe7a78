import { useState } from 'react';
import type { ValueProps } from '../../ui/field';

/** The keys of `V` whose values are text (the inputs, textareas and selects) or flags (the checkboxes). */
type KeysOf<V, Kind> = { [K in keyof V]: V[K] extends Kind ? K : never }[keyof V];

/**
 * The values of a controlled form, each control wired in one spread (as Conform's `getInputProps`):
 * `<input {...props} {...field('title')} />`, `<input type="checkbox" {...checkbox('featured')} />`.
 * `onSet` hears each change by name (the hero form clears that field's message as it is corrected).
 */
export function useFormValues<V extends object>(initial: V | (() => V), onSet?: (name: keyof V & string) => void) {
  const [values, setValues] = useState(initial);

  function set<K extends keyof V & string>(name: K, value: V[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    onSet?.(name);
  }

  const field = (name: KeysOf<V, string> & string): ValueProps => ({
    value: (values[name] ?? '') as string,
    onChange: (event) => set(name, event.target.value as V[typeof name]),
  });

  const checkbox = (name: KeysOf<V, boolean> & string) => ({
    checked: values[name] as boolean,
    onChange: (event: { target: { checked: boolean } }) => set(name, event.target.checked as V[typeof name]),
  });

  return { values, set, field, checkbox, reset: (next: V) => setValues(next) };
}
