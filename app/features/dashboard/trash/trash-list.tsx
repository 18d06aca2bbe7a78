import { useRef, useState } from 'react';
import { TRASH_KIND_LABELS, TRASH_RETENTION_DAYS } from '../../../../core/constants';
import { resolveImageUrl } from '../../../../core/image-url';
import { MESSAGES } from '../../../../core/messages';
import type { TrashItem } from '../../../../core/types';
import { ConfirmDialog } from '../../../ui/modal';
import { SiteDateTime } from '../../../ui/site-date-time';
import { dashboardRequest, withDetail } from '../dashboard-api';
import { NoticeArea, useNotice } from '../notice';
import { ScrollingTable } from '../scrolling-table';
import { useFormSubmit } from '../use-form-submit';

export type TrashRow = TrashItem & { daysLeft: number };

type Confirming = { kind: 'forever'; item: TrashRow } | { kind: 'empty' } | null;

const itemPath = (item: TrashItem) => `/api/trash/${item.kind}/${item.id}`;

function daysLeftWords(days: number): string {
  if (days === 0) return 'Today';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * The Trash, newest first: each item's kind, name, when it was deleted and the days it has left, with Restore and
 * Delete forever (after a confirmation); Empty Trash deletes them all forever. After each write the page's loader
 * runs again (useFormSubmit), and the focus goes to the heading, as the row it was on is gone.
 */
export function TrashList({ items }: { items: TrashRow[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { notice, showSuccess, showError, clear } = useNotice();
  const { submit, busy } = useFormSubmit();
  const [confirming, setConfirming] = useState<Confirming>(null);

  async function restore(item: TrashRow) {
    const result = await submit({ send: () => dashboardRequest('POST', `${itemPath(item)}/restore`) });
    if (result.ok) showSuccess(`“${item.title}” restored.`);
    else showError(withDetail(MESSAGES.errorRestoring, result));
    heading.current?.focus();
  }

  async function deleteForever(item: TrashRow) {
    const result = await submit({ send: () => dashboardRequest('DELETE', itemPath(item)) });
    if (result.ok) showSuccess(`“${item.title}” deleted forever.`);
    else showError(withDetail(MESSAGES.errorDeletingForever, result));
    setConfirming(null);
    heading.current?.focus();
  }

  async function emptyTrash() {
    const result = await submit({ send: () => dashboardRequest('DELETE', '/api/trash') });
    if (result.ok) showSuccess('The Trash is empty.');
    else showError(withDetail(MESSAGES.errorDeletingForever, result));
    setConfirming(null);
    heading.current?.focus();
  }

  return (
    <>
      <header className="dashboard-page-header">
        <h1 id="trash-title" ref={heading} tabIndex={-1}>
          Trash
        </h1>
        {items.length > 0 && (
          <button type="button" className="button button--ghost" onClick={() => setConfirming({ kind: 'empty' })}>
            Empty Trash
          </button>
        )}
      </header>
      <NoticeArea notice={notice} onDismiss={clear} />
      <p className="trash__hint">
        What you delete stays here for {TRASH_RETENTION_DAYS} days, with its images, then it is deleted for good.
        Visitors never see it.
      </p>
      {items.length === 0 ? (
        <p className="empty-state">The Trash is empty.</p>
      ) : (
        <ScrollingTable
          labelledBy="trash-title"
          className="trash__table"
          columns={['Item', 'Kind', 'Deleted', 'Days left', 'Actions']}
        >
          {items.map((item) => (
            <tr key={`${item.kind}-${item.id}`}>
              <td>
                <span className="trash__item">
                  {item.thumbnail ? (
                    <img className="trash__thumb" src={resolveImageUrl(item.thumbnail)} alt="" width={48} height={48} />
                  ) : (
                    <span className="trash__thumb" aria-hidden="true" />
                  )}
                  {item.title}
                </span>
              </td>
              <td>{TRASH_KIND_LABELS[item.kind]}</td>
              <td>
                <SiteDateTime at={item.trashedAt} />
              </td>
              <td>{daysLeftWords(item.daysLeft)}</td>
              <td>
                <span className="trash__actions">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Restore ${item.title}`}
                    disabled={busy}
                    onClick={() => void restore(item)}
                  >
                    Restore
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Delete ${item.title} forever`}
                    onClick={() => setConfirming({ kind: 'forever', item })}
                  >
                    Delete forever
                  </button>
                </span>
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      {confirming?.kind === 'forever' && (
        <ConfirmDialog
          title="Delete forever"
          message={MESSAGES.deleteForeverQuestion(confirming.item.title)}
          confirmLabel="Delete forever"
          busy={busy}
          onConfirm={() => void deleteForever(confirming.item)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming?.kind === 'empty' && (
        <ConfirmDialog
          title="Empty Trash"
          message={MESSAGES.emptyTrashQuestion(items.length)}
          confirmLabel="Empty Trash"
          busy={busy}
          onConfirm={() => void emptyTrash()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
