import type { AppLoadContext } from 'react-router';
import { PREVIEW_PARAMETER } from '../../core/publication';

/**
 * Whether the page is the administrator's preview (`previewPath`): only a signed-in request gets drafts and
 * scheduled items. For anyone else the parameter changes nothing: the page cache drops it, and the answer is the
 * visitors' 404. A signed-in answer is `private, no-store` and never kept, so a preview reaches no cache.
 */
export function isPreview(context: AppLoadContext, request: Request): boolean {
  return context.admin !== null && new URL(request.url).searchParams.has(PREVIEW_PARAMETER);
}
