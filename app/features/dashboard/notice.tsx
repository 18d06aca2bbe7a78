import { useCallback, useState } from 'react';
import { FailureDetail } from './failure-detail';

/** `detail`: a failure's technical line, shown folded under the text. */
export type Notice = { kind: 'success' | 'error'; text: string; detail?: string } | null;

/** The dashboard's message area instead of `window.alert`: success is announced politely, errors at once. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice>(null);
  const showSuccess = useCallback((text: string) => setNotice({ kind: 'success', text }), []);
  const showError = useCallback((text: string, detail?: string) => setNotice({ kind: 'error', text, detail }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, showSuccess, showError, clear };
}

/** What a manager hands to its parts so that they can report success or failure in the page's message area. */
export type NoticeReport = Pick<ReturnType<typeof useNotice>, 'showSuccess' | 'showError'>;

/**
 * Both live regions stay in the page so that screen readers announce what
 * appears in them; only the one in use shows.
 */
export function NoticeArea({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <div className="notice-area">
      <div role="status" className={notice?.kind === 'success' ? 'notice notice--success' : undefined}>
        {notice?.kind === 'success' && <NoticeText text={notice.text} onDismiss={onDismiss} />}
      </div>
      <div role="alert" className={notice?.kind === 'error' ? 'notice notice--error' : undefined}>
        {notice?.kind === 'error' && <NoticeText text={notice.text} detail={notice.detail} onDismiss={onDismiss} />}
      </div>
    </div>
  );
}

function NoticeText({ text, detail, onDismiss }: { text: string; detail?: string; onDismiss: () => void }) {
  return (
    <>
      <div className="notice__text">{detail ? <FailureDetail failure={{ message: text, detail }} /> : text}</div>
      <button type="button" className="notice__dismiss" aria-label="Dismiss message" onClick={onDismiss}>
        ×
      </button>
    </>
  );
}
