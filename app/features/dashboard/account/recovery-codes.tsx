import { useEffect, useRef } from 'react';

/** The recovery codes, shown this once: the heading takes the focus so that a screen reader starts here. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="account__codes">
      <h3 ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>
        Keep these somewhere safe, away from your phone: each one signs you in once if the authenticator app is lost.
        They are not shown again.
      </p>
      <ol aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={onDone}>
        I have saved them
      </button>
    </div>
  );
}
