import type { ReactNode } from 'react';

/** A failure as the server words it for the owner, and as the error said it (SMTP's, a backup's, a bucket's). */
export interface FailureWords {
  message: string;
  detail: string;
}

/**
 * What failed, in words, wherever the dashboard shows a failure (a notice, the inbox, the Backups page): what
 * happened and when (`lead`), the plain sentence, the technical line folded under it, then what follows
 * (`children`: a hint, what happens next). `failure` is null while the reason is not known yet.
 */
export function FailureDetail({
  lead,
  failure,
  children,
}: {
  lead?: ReactNode;
  failure: FailureWords | null;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="failure-detail">
        {lead}
        {lead && failure && ' '}
        {failure?.message}
      </p>
      {failure && <TechnicalDetail detail={failure.detail} />}
      {children}
    </>
  );
}

/**
 * A failure's technical line (error codes, the server's answer), folded away under the plain words before it:
 * the owner reads the sentence, and opens this to copy it for whoever set the site up.
 */
function TechnicalDetail({ detail }: { detail: string }) {
  return (
    <details className="technical-detail">
      <summary>Technical detail</summary>
      <code>{detail}</code>
    </details>
  );
}
