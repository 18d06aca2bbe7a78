import { useEffect, useRef } from 'react';

/** The Design Team modal: closes on the overlay, the × or Escape. */
export function DesignTeamModal({ team, onClose }: { team: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);
  const members = team
    .split(/,|\n/)
    .map((member) => member.trim())
    .filter(Boolean);

  return (
    <dialog
      ref={dialog}
      className="team-modal"
      aria-labelledby="design-team-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the dialog itself, not its content, is a click on the overlay.
      onClick={(event) => event.target === dialog.current && onClose()}
    >
      <div className="team-modal__content">
        <button type="button" className="team-modal__close" onClick={onClose} aria-label="Close design team">
          ×
        </button>
        <h2 id="design-team-title">Design Team</h2>
        <ul>
          {members.map((member) => (
            <li key={member}>{member}</li>
          ))}
        </ul>
      </div>
    </dialog>
  );
}
