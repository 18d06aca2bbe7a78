import { useRevalidator } from 'react-router';
import { dashboardRequest, withDetail } from '../dashboard-api';
import { scaleImageForUpload } from '../image-scaling';
import type { useNotice } from '../notice';
import { capitalised, type EntityKind, type FieldValues } from './entity-kind';

type Notices = Pick<ReturnType<typeof useNotice>, 'showSuccess' | 'showError'>;

/**
 * Save and delete through the REST API (SPEC section 7), then load the page's
 * list again and confirm what happened. `save` throws, so the open form can
 * show what failed beside the fields; `remove` reports its failure itself.
 */
export function useEntityActions<T extends { id: number; name: string }>(kind: EntityKind<T>, notices: Notices) {
  const revalidator = useRevalidator();
  const noun = capitalised(kind.noun);

  async function save(item: T | null, values: FieldValues, image: File | undefined) {
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    if (image) body.append(kind.imageField, await scaleImageForUpload(image));
    const { data } = item
      ? await dashboardRequest<{ data: T }>('PUT', `${kind.apiPath}/${item.id}`, body)
      : await dashboardRequest<{ data: T }>('POST', kind.apiPath, body);
    await revalidator.revalidate();
    notices.showSuccess(`${noun} "${data.name}" ${item ? 'updated' : 'added'}.`);
  }

  async function remove(item: T) {
    try {
      await dashboardRequest('DELETE', `${kind.apiPath}/${item.id}`);
      await revalidator.revalidate();
      notices.showSuccess(`${noun} "${item.name}" deleted.`);
    } catch (error) {
      notices.showError(withDetail(kind.deleteError, error));
    }
  }

  return { save, remove };
}
