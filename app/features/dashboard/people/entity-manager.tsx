import { MESSAGES } from '../../../../core/messages';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../ui/modal';
import { IMAGE_SIZES } from '../../../ui/image-sizes';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { NoticeArea, type useNotice } from '../notice';
import { SortableList } from '../sortable-list';
import { byId, useOrderMove } from '../use-order-move';
import { EntityFormDialog } from './entity-form-dialog';
import type { EntityKind } from './entity-kind';
import { useEntityActions } from './use-entity-actions';
import './people.css';

/** Which form is open: none, the add form, or the edit form of one item. */
type Editing<T> = { item: T | null } | null;

/**
 * A manager for an entity with at most one image: a grid of cards in the site's order (each dragged, or moved
 * from the keyboard, by its handle: decision 041) with Edit and Delete, an Add button, the add/edit form in a
 * dialog, and a confirmation before every delete (SPEC section 5). Clients and team members both use it.
 */
export function EntityManager<T extends { id: number; name: string }>({
  kind,
  heading,
  items,
  notices,
  toolbar,
}: {
  kind: EntityKind<T>;
  heading: string;
  items: T[];
  notices: ReturnType<typeof useNotice>;
  /** More buttons beside Add (the team's Reload). */
  toolbar?: ReactNode;
}) {
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const actions = useEntityActions(kind, notices);
  const move = useOrderMove(notices.showError);

  async function confirmDelete(item: T) {
    await actions.remove(item);
    setDeleting(null);
  }

  return (
    <>
      <header className="dashboard-page-header">
        <h1>{heading}</h1>
        <div className="dashboard-toolbar entity-toolbar">
          {toolbar}
          <button type="button" className="button" onClick={() => setEditing({ item: null })}>
            Add {kind.noun}
          </button>
        </div>
      </header>
      <NoticeArea notice={notices.notice} onDismiss={notices.clear} />
      {items.length === 0 ? (
        <p className="empty-state">{kind.emptyText}</p>
      ) : (
        <SortableList
          className={`card-grid ${kind.gridClassName ?? ''}`}
          itemClassName="dashboard-card entity-card"
          items={items}
          idOf={(item) => item.id}
          labelOf={(item) => item.name}
          onMove={(item, neighbours) => move(`${kind.apiPath}/${item.id}/position`, byId(neighbours))}
          renderItem={(item, handle) => (
            <>
              <ResponsiveImage
                image={kind.imageOf(item)}
                alt={kind.imageAlt(item)}
                sizes={IMAGE_SIZES.dashboardEntityCard}
                width={3}
                height={2}
                className="entity-card__image"
              />
              <h2 className="entity-card__name">{item.name}</h2>
              {kind.describe(item)}
              <div className="entity-card__actions">
                {handle}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Edit ${item.name}`}
                  onClick={() => setEditing({ item })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Delete ${item.name}`}
                  onClick={() => setDeleting(item)}
                >
                  Delete
                </button>
              </div>
            </>
          )}
        />
      )}
      {editing && (
        <EntityFormDialog
          title={editing.item ? `Edit ${kind.noun}` : `Add ${kind.noun}`}
          noun={kind.noun}
          apiPath={kind.apiPath}
          editing={editing.item !== null}
          deleteError={kind.deleteError}
          fields={kind.fields}
          initialValues={kind.valuesOf(editing.item)}
          schema={kind.schema}
          image={{
            label: kind.imageLabel,
            name: kind.imageField,
            current: editing.item ? kind.imageOf(editing.item) : null,
            currentAlt: editing.item ? kind.imageAlt(editing.item) : '',
          }}
          saveError={kind.saveError}
          onSave={(values, image, upload) => actions.send(editing.item, values, image, upload)}
          onSaved={(saved) => {
            actions.saved(editing.item, saved);
            setEditing(null);
          }}
          onCancelled={(outcome) => {
            setEditing(null);
            notices.showSuccess(outcome);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${kind.noun}`}
          message={MESSAGES.moveToTrashQuestion(deleting.name)}
          confirmLabel={MESSAGES.moveToTrash}
          busy={actions.removing}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}

/** Labelled facts on a card: category and status, title and position. */
export function EntityFacts({ facts }: { facts: [label: string, value: string][] }) {
  return (
    <dl className="entity-card__facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
