import { useSyncExternalStore } from 'react';
import type { BlogFormValues, BlogImages } from './blog-form-values';

/**
 * Posts the server did not take (SPEC section 4: a failed save falls back to
 * a local copy). The text lives in localStorage, one entry per post, so it
 * survives a reload; the chosen images, too big for localStorage, go to
 * IndexedDB under the same key. Only the dashboard reads these: visitors
 * see nothing the server does not hold.
 */
export interface UnsavedBlog {
  /** The post's id for an edit, `new-…` for a post the server never had. */
  key: string;
  blogId: number | null;
  values: BlogFormValues;
  keptAt: string;
  /** How many images went with the save, and whether the browser kept them too. */
  imageCount: number;
  imagesKept: boolean;
}

const STORAGE_PREFIX = 'studio:unsaved-blog:';
const FILES_DATABASE = 'studio-unsaved-blogs';
const FILES_STORE = 'files';
const NONE: UnsavedBlog[] = [];

export function unsavedKeyFor(blogId: number | null): string {
  return blogId === null ? `new-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}` : String(blogId);
}

let snapshot: UnsavedBlog[] | null = null;
const listeners = new Set<() => void>();

function changed() {
  snapshot = null;
  for (const listener of listeners) listener();
}

function parse(text: string | null): UnsavedBlog | null {
  if (!text) return null;
  try {
    const copy = JSON.parse(text) as UnsavedBlog;
    return typeof copy.key === 'string' && copy.values && typeof copy.values.title === 'string' ? copy : null;
  } catch {
    return null;
  }
}

function readAll(): UnsavedBlog[] {
  if (snapshot) return snapshot;
  const copies: UnsavedBlog[] = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const name = localStorage.key(index);
    const copy = name?.startsWith(STORAGE_PREFIX) ? parse(localStorage.getItem(name)) : null;
    if (copy) copies.push(copy);
  }
  snapshot = copies.sort((a, b) => b.keptAt.localeCompare(a.keptAt));
  return snapshot;
}

function subscribe(listener: () => void) {
  // Another tab of the dashboard may keep or discard a copy.
  if (listeners.size === 0) window.addEventListener('storage', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', changed);
  };
}

/** The local copies, newest first; none on the server and while hydrating. */
export function useUnsavedBlogs(): UnsavedBlog[] {
  return useSyncExternalStore(subscribe, readAll, () => NONE);
}

function openFiles(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(FILES_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(FILES_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withFiles<T>(mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openFiles();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = operate(database.transaction(FILES_STORE, mode).objectStore(FILES_STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

/**
 * Keeps a post that could not be saved. Returns false when the browser
 * refused to store even its text (storage full or disabled).
 */
export async function keepUnsavedBlog(copy: Omit<UnsavedBlog, 'imagesKept'>, files: BlogImages): Promise<boolean> {
  let imagesKept = copy.imageCount === 0;
  if (!imagesKept) {
    imagesKept = await withFiles('readwrite', (store) => store.put(files, copy.key)).then(
      () => true,
      () => false,
    );
  }
  try {
    localStorage.setItem(STORAGE_PREFIX + copy.key, JSON.stringify({ ...copy, imagesKept }));
    return true;
  } catch {
    return false;
  } finally {
    changed();
  }
}

/** The images kept with a copy; none when there were none or the browser did not keep them. */
export async function unsavedBlogFiles(copy: UnsavedBlog): Promise<BlogImages> {
  if (copy.imageCount === 0 || !copy.imagesKept) return { images: [] };
  const files = await withFiles<BlogImages | undefined>('readonly', (store) => store.get(copy.key)).catch(
    () => undefined,
  );
  return files ?? { images: [] };
}

export async function discardUnsavedBlog(key: string): Promise<void> {
  localStorage.removeItem(STORAGE_PREFIX + key);
  changed();
  await withFiles('readwrite', (store) => store.delete(key)).catch(() => undefined);
}
