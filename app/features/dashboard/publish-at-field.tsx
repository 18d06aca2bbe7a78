import { type PublicationState, publicationState } from '../../../core/publication';
import { PUBLICATION_STATE_LABELS } from '../../../core/status-labels';
import { formatSiteDateTime, timeZoneLabel } from '../../../core/site-time';
import { useSiteTimeZone } from '../../lib/site-time-zone';
import { Field, type ValueProps } from '../../ui/field';

/**
 * When to publish, in the site's time zone (SITE_TIME_ZONE, Asia/Thimphu by default) whatever the browser's zone: the hint says so, since a
 * `datetime-local` input shows no zone. Empty publishes at once.
 */
export function PublishAtField({ idPrefix, error, ...control }: ValueProps & { idPrefix: string; error?: string }) {
  const zone = useSiteTimeZone();
  return (
    <Field
      idPrefix={idPrefix}
      name="publishAt"
      label="Publish at (optional)"
      error={error}
      hint={`In ${timeZoneLabel(zone)} (${zone}). Leave empty to publish at once; a later time keeps it hidden from visitors until then. A draft ignores it.`}
    >
      {(props) => <input {...props} type="datetime-local" {...control} />}
    </Field>
  );
}

/**
 * Where a project or post stands for visitors, on a dashboard list: a draft, or scheduled and when. What visitors
 * already see has no badge, unless `showPublished` (the post list names every post's status). `state` is the
 * item's own where its time alone does not tell (a post put back to draft keeps its time).
 */
export function PublicationBadge({
  publishedAt,
  state = publicationState(publishedAt, new Date().toISOString()),
  showPublished = false,
}: {
  publishedAt: string | null;
  state?: PublicationState;
  showPublished?: boolean;
}) {
  const zone = useSiteTimeZone();
  if (state === 'published' && !showPublished) return null;
  return (
    <span className={`publication-badge publication-badge--${state}`}>
      {PUBLICATION_STATE_LABELS[state]}
      {state === 'scheduled' && `: ${formatSiteDateTime(publishedAt!, zone)}`}
    </span>
  );
}
