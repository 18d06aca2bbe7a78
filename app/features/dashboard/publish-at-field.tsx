import { SITE_TIME_ZONE, SITE_TIME_ZONE_LABEL } from '../../../core/constants';
import { formatSiteTime, publicationState } from '../../../core/publication';
import { Field, type ValueProps } from '../../ui/field';

/**
 * When to publish, in the studio's time (Asia/Thimphu) whatever the browser's zone: the hint says so, since a
 * `datetime-local` input shows no zone. Empty publishes at once.
 */
export function PublishAtField({ idPrefix, error, ...control }: ValueProps & { idPrefix: string; error?: string }) {
  const hintId = `${idPrefix}-publishAt-hint`;
  return (
    <Field idPrefix={idPrefix} name="publishAt" label="Publish at (optional)" error={error} describedBy={hintId}>
      {(props) => (
        <>
          <input {...props} type="datetime-local" {...control} />
          <p id={hintId} className="dashboard-form__hint">
            In {SITE_TIME_ZONE_LABEL} ({SITE_TIME_ZONE}). Leave empty to publish at once; a later time keeps it hidden
            from visitors until then. A draft ignores it.
          </p>
        </>
      )}
    </Field>
  );
}

/** Draft or scheduled, on a dashboard list; nothing for what visitors already see. */
export function PublicationBadge({ publishedAt }: { publishedAt: string | null }) {
  const state = publicationState(publishedAt, new Date().toISOString());
  if (state === 'published') return null;
  return (
    <span className={`publication-badge publication-badge--${state}`}>
      {state === 'draft' ? 'Draft' : `Scheduled: ${formatSiteTime(publishedAt!)}`}
    </span>
  );
}
