import { type FormEvent, useEffect, useRef, useState } from 'react';
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
 * The testimonials in the order the carousels show them. Move up and Move down are buttons, so the order is
 * set from the keyboard; focus stays on the moved testimonial's button (or its other one at either end).
 */
export function TestimonialsEditor({ testimonials, notices }: { testimonials: Testimonial[]; notices: NoticeReport }) {
  const [editing, setEditing] = useState<{ testimonial: Testimonial | null } | null>(null);
  const [deleting, setDeleting] = useState<Testimonial | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const { busy, submit: save } = useFormSubmit();

  // The order as last saved. The notice of a move can render before the reloaded list does (that one is a
  // transition): a second Enter in between moves the testimonial on from where the first one put it.
  const order = useRef<number[]>([]);
  useEffect(() => {
    order.current = testimonials.map((item) => item.id);
  }, [testimonials]);

  async function move(moved: Testimonial, step: -1 | 1) {
    const ids = [...order.current];
    const index = ids.indexOf(moved.id);
    const target = index + step;
    if (busy || index < 0 || target < 0 || target >= ids.length) return;
    ids.splice(index, 1);
    ids.splice(target, 0, moved.id);
    const saved = await saveSiteText(save, notices, {
      method: 'PUT',
      path: `${PATH}/order`,
      body: { ids },
      success: `Testimonial of ${moved.name} moved to place ${target + 1} of ${ids.length}.`,
      failure: MESSAGES.errorMovingTestimonial,
    });
    if (!saved) return;
    order.current = ids;
    const atEnd = target === 0 || target === ids.length - 1;
    const direction = atEnd ? (target === 0 ? 'down' : 'up') : step < 0 ? 'up' : 'down';
    list.current?.querySelector<HTMLElement>(`[data-move="${moved.id}-${direction}"]`)?.focus();
  }

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
        <ol ref={list} className="testimonial-list">
          {testimonials.map((testimonial, index) => (
            <li key={testimonial.id} className="testimonial-list__item">
              <blockquote>“{testimonial.quote}”</blockquote>
              <p>
                <strong>{testimonial.name}</strong>, {testimonial.title}
              </p>
              <div className="testimonial-list__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  data-move={`${testimonial.id}-up`}
                  aria-label={`Move testimonial of ${testimonial.name} up`}
                  disabled={index === 0}
                  onClick={() => void move(testimonial, -1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  data-move={`${testimonial.id}-down`}
                  aria-label={`Move testimonial of ${testimonial.name} down`}
                  disabled={index === testimonials.length - 1}
                  onClick={() => void move(testimonial, 1)}
                >
                  Move down
                </button>
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
            </li>
          ))}
        </ol>
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
