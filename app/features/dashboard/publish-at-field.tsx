import { publicationState } from '../../../core/publication';
import { formatSiteDateTime, timeZoneLabel } from '../../../core/site-time';
import { useSiteTimeZone } from '../../lib/site-time-zone';
import { Field, type ValueProps } from '../../ui/field';

/**
 * When to publish, in the site's time zone (SITE_TIME_ZONE, Asia/Thimphu by default) whatever the browser's zone: the hint says so, since a
 * `datetime-local` input shows no zone. Empty publishes at once.
 */
export function PublishAtField({ idPrefix, error, ...control }: ValueProps & { idPrefix: string; error?: string }) {
  const hintId = `${idPrefix}-publishAt-hint`;
  const zone = useSiteTimeZone();
  return (
    <Field idPrefix={idPrefix} name="publishAt" label="Publish at (optional)" error={error} describedBy={hintId}>
      {(props) => (
        <>
          <input {...props} type="datetime-local" {...control} />
          <p id={hintId} className="dashboard-form__hint">
            In {timeZoneLabel(zone)} ({zone}). Leave empty to publish at once; a later time keeps it hidden from
            visitors until then. A draft ignores it.
          </p>
        </>
      )}
    </Field>
  );
}

/** Draft or scheduled, on a dashboard list; nothing for what visitors already see. */
export function PublicationBadge({ publishedAt }: { publishedAt: string | null }) {
  const zone = useSiteTimeZone();
  const state = publicationState(publishedAt, new Date().toISOString());
  if (state === 'published') return null;
  return (
    <span className={`publication-badge publication-badge--${state}`}>
      {state === 'draft' ? 'Draft' : `Scheduled: ${formatSiteDateTime(publishedAt!, zone)}`}
    </span>
  );
}
