import { MESSAGES } from '../../core/messages';
import type { Project } from '../../core/types';
import type { ActionFailure } from './action-result';
import { type FileProgress, fileInTransit, filesProgress } from './upload-progress';

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
 * A call its caller stopped through `RequestOptions.signal` before the server had all of it: before it was sent, or
 * while its body was still going up. The server stores nothing of such a request (a body cut short is refused, and
 * one whose client has gone before the answer is rolled back: `writeWithImages`).
 */
export class CallCancelled extends ApiError {
  constructor() {
    super(MESSAGES.callCancelled, null);
  }
}

/**
 * Any failed call in the one error shape of `action-result.ts`: an ApiError with its status and field messages,
 * any other error with its message (empty when it has none, so the caller's fallback applies).
 */
export function failureOf(error: unknown): ActionFailure {
  if (error instanceof CallCancelled) return { ok: false, error: error.message, status: null, cancelled: true };
  if (error instanceof ApiError) {
    return { ok: false, error: error.message, status: error.status, ...(error.fields && { fields: error.fields }) };
  }
  return { ok: false, error: error instanceof Error ? error.message : '' };
}

/**
 * Whether a call failed part-way through sending its body (MESSAGES.uploadDropped names the file), rather than
 * never reaching the server: both have no status, and only the first has a text of its own.
 */
export function droppedMidUpload(failure: ActionFailure): boolean {
  return failure.status === null && failure.error !== MESSAGES.networkError && !failure.cancelled;
}

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a call may ask for besides its body. */
export interface RequestOptions {
  /**
   * Told as a multipart body goes up, with each of its files' progress (from the first, all at 0, to the last
   * byte). Asking for it sends the body with XMLHttpRequest, since fetch reports no upload progress; a JSON body
   * has nothing to report and goes with fetch as usual.
   */
  onUploadProgress?: (files: FileProgress[]) => void;
  /**
   * Stops the call while that is still safe: before it is sent, or while a multipart body with progress is going
   * up (the call then fails with CallCancelled). Once the whole body has gone (or a fetch has left), the server may
   * already be storing it, so the call runs on to its answer, which the caller then words.
   */
  signal?: AbortSignal;
}

type Answer = { error?: string; message?: string; fields?: Record<string, string> } | null;

/**
 * The answer of a call the server answered, whichever way it was sent: its body when the status is 2xx, else
 * an ApiError with SPEC section 8's text (the body's `error` or `message`, else 'HTTP error! status: N') and its
 * field messages. `answer` is the parsed body, null when it was not JSON.
 */
export function answerOf<T>(status: number, answer: unknown): T {
  if (status >= 200 && status < 300) return answer as T;
  const body = answer as Answer;
  throw new ApiError(body?.error ?? body?.message ?? MESSAGES.httpError(status), status, body?.fields);
}

/**
 * The browser's calls to /api, with the error texts of SPEC section 8 (`answerOf`); a failed fetch is a network
 * error. A FormData body goes as multipart (with XMLHttpRequest when the caller asks for its progress), anything
 * else as JSON.
 */
export async function apiRequest<T>(
  method: ApiMethod,
  path: string,
  body?: FormData | object,
  { onUploadProgress, signal }: RequestOptions = {},
): Promise<T> {
  if (signal?.aborted) throw new CallCancelled();
  if (body instanceof FormData && onUploadProgress) {
    return sendWithProgress(method, path, body, onUploadProgress, signal);
  }
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
  return answerOf<T>(response.status, await response.json().catch(() => null));
}

/**
 * A multipart call with upload progress, failing as fetch does: an answer through `answerOf`, a connection that
 * never carried a byte as a network error. One that broke off with part of the body sent says which file was
 * going up, since the form's owner saw its bar stop (the request never completed, so the server stored nothing).
 * `signal` aborts it until the body's last byte has gone (CallCancelled); after that it is ignored.
 */
function sendWithProgress<T>(
  method: ApiMethod,
  path: string,
  body: FormData,
  onUploadProgress: (files: FileProgress[]) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let files = filesProgress(body, 0, 0);
    let partlySent = false;
    let cancelled = false;
    const report = ({ loaded, total, lengthComputable }: ProgressEvent) => {
      if (!lengthComputable) return;
      files = filesProgress(body, loaded, total);
      partlySent = loaded > 0 && loaded < total;
      onUploadProgress(files);
    };
    const cancel = () => {
      cancelled = true;
      request.abort();
    };
    const fail = () => {
      signal?.removeEventListener('abort', cancel);
      if (cancelled) return reject(new CallCancelled());
      const broken = partlySent ? fileInTransit(files) : undefined;
      reject(new ApiError(broken ? MESSAGES.uploadDropped(broken.name) : MESSAGES.networkError, null));
    };
    signal?.addEventListener('abort', cancel, { once: true });
    // Listeners on `upload` must be in place before send(), or the browser reports no progress.
    request.upload.addEventListener('progress', report);
    request.upload.addEventListener('load', (event) => {
      // The server has the whole body and may be storing it: a Cancel now waits for its answer.
      signal?.removeEventListener('abort', cancel);
      report(event);
    });
    request.addEventListener('load', () => {
      signal?.removeEventListener('abort', cancel);
      try {
        resolve(answerOf<T>(request.status, request.response));
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener('error', fail);
    request.addEventListener('abort', fail);
    request.open(method, path);
    request.withCredentials = true;
    // Parsed by the browser; a body that is not JSON becomes null, as fetch's `json()` failing does above.
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    onUploadProgress(files);
    request.send(body);
  });
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
