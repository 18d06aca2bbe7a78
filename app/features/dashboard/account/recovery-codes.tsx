import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/site-time-zone';

const RECOVERY_CODES_FILE_NAME = 'studio-recovery-codes.txt';

/**
 * What Copy all and Download give: the codes, with what they are for and when they were made, since a file found
 * months later must say so by itself.
 */
function recoveryCodesText(codes: string[], username: string, madeAt: string, zone: string): string {
  return [
    `Recovery codes for signing in to the dashboard of ${window.location.host} as ${username}.`,
    'Each one works once, in place of a code from the authenticator app.',
    `Made ${formatDateTime(madeAt, zone)}; making new codes ends these.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The recovery codes, shown this once: the heading takes the focus so that a screen reader starts here. Copy all
 * puts them on the clipboard, or where the browser refuses, selects them for the keyboard's copy; Download saves
 * them as a text file.
 */
export function RecoveryCodes({ codes, username, onDone }: { codes: string[]; username: string; onDone: () => void }) {
  const zone = useSiteTimeZone();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [madeAt] = useState(() => new Date().toISOString());
  const [copyStatus, setCopyStatus] = useState('');
  // The file's object URL holds the text in memory until revoked, when the codes are put away.
  const fileUrls = useRef(new Set<string>());
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const held = fileUrls.current;
    return () => held.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const text = () => recoveryCodesText(codes, username, madeAt, zone);

  async function copyAll() {
    if (await copyText(text())) {
      setCopyStatus(`Copied the ${codes.length} recovery codes.`);
      return;
    }
    if (list.current) window.getSelection()?.selectAllChildren(list.current);
    setCopyStatus(
      'This browser does not allow copying here. The codes are selected: copy them with Ctrl+C (⌘+C on a Mac), or use Download.',
    );
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    fileUrls.current.add(url);
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE_NAME;
    link.click();
  }

  return (
    <div className="account__codes">
      <h3 ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>
        Keep these somewhere safe, away from your phone: each one signs you in once if the authenticator app is lost.
        They are not shown again.
      </p>
      <ol ref={list} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="account__codes-actions">
        <button type="button" className="button button--ghost" onClick={() => void copyAll()}>
          Copy all
        </button>
        <button type="button" className="button button--ghost" onClick={download}>
          Download
        </button>
        <button type="button" className="button" onClick={onDone}>
          I have saved them
        </button>
      </div>
      <p role="status" className="account__codes-status">
        {copyStatus}
      </p>
    </div>
  );
}
