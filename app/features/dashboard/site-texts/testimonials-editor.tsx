import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../../../core/messages';
import { testimonialSchema } from '../../../../core/schemas/site-texts.schema';
import type { Testimonial } from '../../../../core/types';
import { ConfirmDialog, Modal } from '../../../ui/modal';
import { FormActions } from '../form-actions';
import { RequiredNote } from '../../../ui/field';
import type { NoticeReport } from '../notice';
import { TextControl, type TextControlOptions } from './text-control';
import { formValues } from '../../../lib/form-check';
import { useFormSubmit } from '../use-form-submit';
import { saveSiteText } from './save-site-text';
import { SortableList } from '../sortable-list';
import { byId, useOrderMove } from '../use-order-move';

const PATH = '/api/testimonials';

const TESTIMONIAL_FIELDS: ({ name: 'name' | 'title' | 'quote'; label: string } & TextControlOptions)[] = [
  { name: 'name', label: 'Name', maxLength: 100 },
  { name: 'title', label: 'Title', maxLength: 120, hint: 'Who they are, such as Homeowner, Paro.' },
  { name: 'quote', label: 'Quote', maxLength: 600, rows: 5 },
];

function TestimonialForm({
  testimonial,
  notices,
  onClose,
}: {
  testimonial: Testimonial | null;
  notices: NoticeReport;
  onClose: () => void;
}) {
  const { form, errors, busy, submit: save } = useFormSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const saved = await saveSiteText(save, notices, {
      method: testimonial ? 'PUT' : 'POST',
      path: testimonial ? `${PATH}/${testimonial.id}` : PATH,
      body: values,
      schema: testimonialSchema,
      success: `Testimonial of ${values.name} ${testimonial ? 'updated' : 'added'}.`,
      failure: MESSAGES.errorSavingTestimonial,
    });
    if (saved) onClose();
  }

  return (
    <Modal title={testimonial ? 'Edit testimonial' : 'Add testimonial'} onClose={onClose}>
      <form ref={form} className="dashboard-form dashboard-form--wide" noValidate onSubmit={submit}>
        <RequiredNote />
        {TESTIMONIAL_FIELDS.map(({ name, label, ...control }) => (
          <TextControl
            key={name}
            idPrefix="testimonial"
            name={name}
            label={label}
            defaultValue={testimonial?.[name] ?? ''}
            error={errors[name]}
            {...control}
          />
        ))}
        <FormActions busy={busy} submitLabel="Save" onCancel={onClose} />
      </form>
    </Modal>
  );
}

/**
 * The testimonials in the order the carousels show them, dragged into another (or moved from the keyboard with
 * their handles, decision 041): each move is saved at once.
 */
export function TestimonialsEditor({ testimonials, notices }: { testimonials: Testimonial[]; notices: NoticeReport }) {
  const [editing, setEditing] = useState<{ testimonial: Testimonial | null } | null>(null);
  const [deleting, setDeleting] = useState<Testimonial | null>(null);
  const { busy, submit: save } = useFormSubmit();
  const move = useOrderMove(notices.showError);

  async function remove(testimonial: Testimonial) {
    const removed = await saveSiteText(save, notices, {
      method: 'DELETE',
      path: `${PATH}/${testimonial.id}`,
      success: `Testimonial of ${testimonial.name} deleted.`,
      failure: MESSAGES.errorDeletingTestimonial,
    });
    if (removed) setDeleting(null);
  }

  return (
    <section className="dashboard-card site-texts__section" aria-labelledby="testimonials-editor-title">
      <div className="site-texts__heading">
        <h2 id="testimonials-editor-title">Testimonials</h2>
        <button type="button" className="button" onClick={() => setEditing({ testimonial: null })}>
          Add testimonial
        </button>
      </div>
      {testimonials.length === 0 ? (
        <p className="empty-state">
          No testimonials: the home and about pages leave the section out until you add one.
        </p>
      ) : (
        <SortableList
          className="testimonial-list"
          itemClassName="testimonial-list__item"
          items={testimonials}
          idOf={(testimonial) => testimonial.id}
          labelOf={(testimonial) => `testimonial of ${testimonial.name}`}
          onMove={(testimonial, neighbours) => move(`${PATH}/${testimonial.id}/position`, byId(neighbours))}
          renderItem={(testimonial, handle) => (
            <>
              <blockquote>“{testimonial.quote}”</blockquote>
              <p>
                <strong>{testimonial.name}</strong>, {testimonial.title}
              </p>
              <div className="testimonial-list__actions">
                {handle}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Edit testimonial of ${testimonial.name}`}
                  onClick={() => setEditing({ testimonial })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Delete testimonial of ${testimonial.name}`}
                  onClick={() => setDeleting(testimonial)}
                >
                  Delete
                </button>
              </div>
            </>
          )}
        />
      )}
      {editing && (
        <TestimonialForm testimonial={editing.testimonial} notices={notices} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete testimonial"
          message={`Delete the testimonial of ${deleting.name}? This cannot be undone.`}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
