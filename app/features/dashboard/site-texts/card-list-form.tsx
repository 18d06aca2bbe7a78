import type { FormEvent } from 'react';
import { MESSAGES } from '../../../../core/messages';
import { textCardsSchema } from '../../../../core/schemas/site-texts.schema';
import { CARD_GROUPS, type CardGroup } from '../../../../core/site-texts';
import type { TextCard } from '../../../../core/types';
import type { NoticeReport } from '../notice';
import { TextControl } from './text-control';
import { useFormSubmit } from '../use-form-submit';
import { saveSiteText } from './save-site-text';

/** What each list calls a card's two texts, and where the page shows them when that needs saying. */
const LABELS: Record<CardGroup, { title: string; text: string; card: (title: string) => string; note?: string }> = {
  'core-services': {
    title: 'Name on the front',
    text: 'Text on the back',
    card: (title) => `Service: ${title}`,
    note: 'On the About page each service is a card that turns over when a visitor points at it or taps it: the name is on the front, the text on the back.',
  },
  'core-values': { title: 'Title', text: 'Text', card: (title) => `Value: ${title}` },
  'what-we-do': { title: 'Title', text: 'Text', card: (title) => `Card: ${title}` },
};

/** A fixed-size card list (the six core services, the core values, the three "This is what we do" cards). */
export function CardListForm({
  group,
  cards,
  notices,
}: {
  group: CardGroup;
  cards: TextCard[];
  notices: NoticeReport;
}) {
  const { form, errors, busy, submit: save } = useFormSubmit();
  const { heading, count } = CARD_GROUPS[group];
  const labels = LABELS[group];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const items = cards.map((_, slot) => ({
      title: String(data.get(`items.${slot}.title`) ?? ''),
      text: String(data.get(`items.${slot}.text`) ?? ''),
    }));
    void saveSiteText(save, notices, {
      method: 'PUT',
      path: `/api/site-texts/cards/${group}`,
      body: { items },
      schema: textCardsSchema(count),
      success: `${heading} saved.`,
      failure: MESSAGES.errorSavingSiteTexts,
    });
  }

  return (
    <form
      ref={form}
      className="dashboard-card dashboard-form dashboard-form--wide"
      aria-labelledby={`${group}-title`}
      aria-describedby={labels.note && `${group}-note`}
      noValidate
      onSubmit={submit}
    >
      <h2 id={`${group}-title`}>{heading}</h2>
      {labels.note && (
        <p id={`${group}-note`} className="dashboard-form__note">
          {labels.note}
        </p>
      )}
      {errors.items && <p className="dashboard-form__error">{errors.items}</p>}
      {cards.map((card, slot) => (
        <fieldset key={slot} className="dashboard-fieldset">
          <legend>{labels.card(card.title)}</legend>
          <TextControl
            idPrefix={group}
            name={`items.${slot}.title`}
            label={labels.title}
            defaultValue={card.title}
            error={errors[`items.${slot}.title`]}
            maxLength={80}
          />
          <TextControl
            idPrefix={group}
            name={`items.${slot}.text`}
            label={labels.text}
            defaultValue={card.text}
            error={errors[`items.${slot}.text`]}
            maxLength={300}
            rows={2}
          />
        </fieldset>
      ))}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : `Save ${heading.toLowerCase()}`}
      </button>
    </form>
  );
}
