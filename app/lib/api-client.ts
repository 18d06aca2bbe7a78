import { MESSAGES } from '../../core/messages';
import type { Project } from '../../core/types';
import type { ActionFailure } from './action-result';

/** A failed call: the text of SPEC section 8, the status, and the per-field messages when the server named them. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  /** True when the server was never reached (status null), as opposed to answering with an error. */
  get isNetworkError(): boolean {
    return this.status === null;
  }
}

/**
 * Any failed call in the one error shape of `action-result.ts`: an ApiError with its status and field messages,
 * any other error with its message (empty when it has none, so the caller's fallback applies).
 */
export function failureOf(error: unknown): ActionFailure {
  if (error instanceof ApiError) {
    return { ok: false, error: error.message, status: error.status, ...(error.fields && { fields: error.fields }) };
  }
  return { ok: false, error: error instanceof Error ? error.message : '' };
}

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The browser's calls to /api, with the error texts of SPEC section 8: the
 * body's `error` or `message`, else 'HTTP error! status: N'; a failed fetch
 * is a network error. A FormData body goes as multipart, anything else as JSON.
 */
export async function apiRequest<T>(method: ApiMethod, path: string, body?: FormData | object): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'include', cache: 'no-store', headers, body: payload });
  } catch {
    throw new ApiError(MESSAGES.networkError, null);
  }
  const answer = (await response.json().catch(() => null)) as
    (T & { error?: string; message?: string; fields?: Record<string, string> }) | null;
  if (!response.ok) {
    throw new ApiError(
      answer?.error ?? answer?.message ?? MESSAGES.httpError(response.status),
      response.status,
      answer?.fields,
    );
  }
  return answer as T;
}

export function apiGet<T>(path: string): Promise<T> {
  return apiRequest<T>('GET', path);
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
