import { MESSAGES } from '../../core/messages';
import type { Project } from '../../core/types';

/**
 * The browser's calls to /api, with the error texts of SPEC section 8: the
 * body's `error` or `message`, else 'HTTP error! status: N'; a failed fetch
 * is a network error.
 */
export async function apiGet<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new Error(MESSAGES.networkError);
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
  if (!response.ok) throw new Error(body?.error ?? body?.message ?? MESSAGES.httpError(response.status));
  return body as T;
}

export async function fetchFeaturedProjects(): Promise<Project[]> {
  const body = await apiGet<{ data: Project[]; success: boolean; error?: string }>('/api/projects/featured');
  if (!body.success) throw new Error(body.error ?? MESSAGES.featuredNotSuccessful);
  return body.data;
}

export async function fetchSignedIn(): Promise<boolean> {
  try {
    const body = await apiGet<{ data: unknown }>('/api/auth/session');
    return body.data !== null;
  } catch {
    return false;
  }
}
