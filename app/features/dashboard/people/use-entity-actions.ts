import { MESSAGES } from '../../../../core/messages';
import type { RequestOptions } from '../../../lib/api-client';
import { dashboardRequest, withDetail } from '../dashboard-api';
import { scaleImageForUpload } from '../image-scaling';
import type { useNotice } from '../notice';
import { useFormSubmit } from '../use-form-submit';
import { capitalised, type EntityKind, type FieldValues } from './entity-kind';

type Notices = Pick<ReturnType<typeof useNotice>, 'showSuccess' | 'showError'>;

/**
 * Save and delete through the REST API (SPEC section 7). `send` only sends (the form's submit hook checks first
 * and loads the page's list again), and `saved` confirms it; `remove` goes through a submit hook of its own and
 * reports its outcome itself.
 */
export function useEntityActions<T extends { id: number; name: string }>(kind: EntityKind<T>, notices: Notices) {
  const { submit, busy: removing } = useFormSubmit();
  const noun = capitalised(kind.noun);

  async function send(
    item: T | null,
    values: FieldValues,
    image: File | undefined,
    upload: RequestOptions,
  ): Promise<T> {
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    if (image) body.append(kind.imageField, await scaleImageForUpload(image));
    const { data } = item
      ? await dashboardRequest<{ data: T }>('PUT', `${kind.apiPath}/${item.id}`, body, upload)
      : await dashboardRequest<{ data: T }>('POST', kind.apiPath, body, upload);
    return data;
  }

  function saved(item: T | null, data: T) {
    notices.showSuccess(`${noun} "${data.name}" ${item ? 'updated' : 'added'}.`);
  }

  async function remove(item: T) {
    const result = await submit({ send: () => dashboardRequest('DELETE', `${kind.apiPath}/${item.id}`) });
    if (result.ok) notices.showSuccess(`${noun} ${MESSAGES.movedToTrash(item.name)}`);
    else notices.showError(withDetail(kind.deleteError, result));
  }

  return { send, saved, remove, removing };
}
