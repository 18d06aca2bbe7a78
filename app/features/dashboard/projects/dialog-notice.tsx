import { useEffect, useRef } from 'react';
import { type Notice, NoticeArea } from '../notice';

/**
 * The message area at the top of a dialog, brought into view when a message
 * appears: the button that caused it may be far down a long dialog.
 */
export function DialogNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) area.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  return (
    <div ref={area} className="dialog-notice">
      <NoticeArea notice={notice} onDismiss={onDismiss} />
    </div>
  );
}
