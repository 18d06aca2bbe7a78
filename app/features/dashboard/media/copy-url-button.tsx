import { useEffect, useId, useRef, useState } from 'react';
import { REFRESH_FEEDBACK_MS } from '../../../../core/constants';
import { resolveImageUrl } from '../../../../core/image-url';
import { copyText } from '../../../lib/clipboard';

/**
 * Copies an image's absolute URL, for pasting into a page or post. The
 * button says 'Copied' for 2 s (SPEC section 9's feedback time). Where the
 * clipboard is refused or missing (an http:// origin other than localhost,
 * a browser setting), the URL appears in a selected text field instead.
 */
export function CopyUrlButton({ path, name }: { path: string; name: string }) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const [manualUrl, setManualUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), REFRESH_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [manualUrl]);

  async function copy() {
    const url = new URL(resolveImageUrl(path), window.location.origin).href;
    const copiedNow = await copyText(url);
    setManualUrl(copiedNow ? null : url);
    setCopied(copiedNow);
  }

  return (
    <div className="copy-url">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={copied ? `Copied the URL of ${name}` : `Copy URL of ${name}`}
        onClick={copy}
      >
        {copied ? 'Copied' : 'Copy URL'}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? 'Copied' : ''}
      </span>
      {manualUrl && (
        <div className="copy-url__manual">
          <label htmlFor={fieldId}>Copying is not available here; copy the URL of {name} from this field:</label>
          <input
            ref={field}
            id={fieldId}
            type="text"
            readOnly
            value={manualUrl}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      )}
    </div>
  );
}
