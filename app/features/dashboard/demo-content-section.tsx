import { useEffect, useRef, useState } from 'react';
import {
  countAll,
  countsInWords,
  defaultTextsInWords,
  type DemoContentSummary,
  hasDefaultTexts,
} from '../../../core/demo-content';
import { MESSAGES } from '../../../core/messages';
import { useHydrated } from '../../lib/client-state';
import { ConfirmDialog } from '../../ui/modal';
import { dashboardRequest, withDetail } from './dashboard-api';
import { useFormSubmit } from './use-form-submit';

/** The question before anything goes; `clearTexts`: the owner left the box for SPEC's sample texts ticked. */
function confirmation({ remove, resetSettings, defaultTexts }: DemoContentSummary, clearTexts: boolean): string {
  const records = countAll(remove) > 0 ? `delete the demo’s ${countsInWords(remove)} with their images` : '';
  const settings = resetSettings ? 'clear the demo’s studio details in Settings' : '';
  const texts = clearTexts ? `clear ${defaultTextsInWords(defaultTexts)}` : '';
  const all = [records, settings, texts].filter(Boolean).join(', and ');
  return all ? `This will ${all}. It cannot be undone.` : 'There is nothing to remove.';
}

/** What the owner is told once it is done, in one paragraph. */
function removedInWords({ remove, keep, resetSettings, defaultTexts }: DemoContentSummary): string {
  const parts: string[] = [];
  if (countAll(remove) > 0) parts.push(`Demo content removed: ${countsInWords(remove)}, with their images.`);
  if (resetSettings) parts.push('The demo’s studio details in Settings are cleared.');
  if (hasDefaultTexts(defaultTexts)) {
    parts.push(`Cleared: ${defaultTextsInWords(defaultTexts)}; write your own in Site texts.`);
  }
  if (countAll(keep) > 0) parts.push(`Kept as yours, since you edited them: ${countsInWords(keep)}.`);
  return parts.length > 0 ? parts.join(' ') : 'There was no demo content left to remove.';
}

/**
 * The Settings page's "Demo content" section (issue 24): what the first start put in the site, what removing it
 * deletes and keeps, and the button that removes it after a confirmation. Shown while there is something to remove;
 * once done, the result stays in its place (focused, so a screen reader reads it) until the owner leaves the page.
 */
export function DemoContentSection({ demo }: { demo: DemoContentSummary | null }) {
  const hydrated = useHydrated();
  const { submit, busy } = useFormSubmit();
  // The offer the owner confirms: the page's data says there is none left before the answer arrives.
  const [asked, setAsked] = useState<DemoContentSummary | null>(null);
  const [removed, setRemoved] = useState<DemoContentSummary | null>(null);
  const [error, setError] = useState('');
  // Ticked at first: a visitor should not read invented testimonials or another studio's story once the demo goes.
  const [clearTexts, setClearTexts] = useState(true);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (removed) done.current?.focus();
  }, [removed]);

  const offer = asked ?? demo;
  if (!offer && !removed) return null;
  const records = offer !== null && (countAll(offer.remove) > 0 || offer.resetSettings);
  const sampleTexts = offer !== null && hasDefaultTexts(offer.defaultTexts);

  async function remove() {
    const result = await submit({
      send: () =>
        dashboardRequest<{ data: DemoContentSummary }>('DELETE', '/api/demo-content', {
          clearDefaultTexts: clearTexts && sampleTexts,
        }),
    });
    setAsked(null);
    if (!result.ok) return setError(withDetail(MESSAGES.errorRemovingDemoContent, result));
    setRemoved(result.data.data);
  }

  return (
    <section className="dashboard-card demo-content" aria-labelledby="demo-content-heading">
      <h2 id="demo-content-heading">Demo content</h2>
      {removed ? (
        <p ref={done} tabIndex={-1} className="demo-content__done">
          {removedInWords(removed)}
        </p>
      ) : (
        offer && (
          <>
            <p>
              {records
                ? 'The site still shows the sample studio it was filled with at its first start, so that every page had something to show. Remove it once your own content is in.'
                : 'The site still shows sample texts every new site starts with, written for no studio in particular.'}
            </p>
            {records && (
              <>
                <p>Removing it:</p>
                <ul>
                  {countAll(offer.remove) > 0 && <li>deletes {countsInWords(offer.remove)}, with their images;</li>}
                  {offer.resetSettings && (
                    <li>
                      clears the settings that still hold the demo’s made-up studio name, description, phones, e-mail,
                      social links or logo.
                    </li>
                  )}
                </ul>
              </>
            )}
            {sampleTexts && (
              <label className="demo-content__texts">
                <input type="checkbox" checked={clearTexts} onChange={(event) => setClearTexts(event.target.checked)} />{' '}
                Also clear the sample texts still as they came: {defaultTextsInWords(offer.defaultTexts)}. Their
                sections leave the site until you write your own in Site texts.
              </label>
            )}
            <p>
              {countAll(offer.keep) > 0 && `Kept, since you have edited them: ${countsInWords(offer.keep)}. `}
              Anything you added, your account, the settings you chose, the texts you wrote, the messages and the visit
              figures stay as they are.
            </p>
            <button
              type="button"
              className="button"
              disabled={!hydrated || (!records && !clearTexts)}
              onClick={() => {
                setError('');
                setAsked(offer);
              }}
            >
              Remove demo content
            </button>
          </>
        )
      )}
      <p role="alert" className="dashboard-form__error">
        {error}
      </p>
      {asked && (
        <ConfirmDialog
          title="Remove demo content"
          message={confirmation(asked, clearTexts)}
          confirmLabel="Remove demo content"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setAsked(null)}
        />
      )}
    </section>
  );
}
