/**
 * A failure's technical line (error codes, the server's answer), folded away under the plain words before it:
 * the owner reads the sentence, and opens this to copy it for whoever set the site up.
 */
export function TechnicalDetail({ detail }: { detail: string }) {
  return (
    <details className="technical-detail">
      <summary>Technical detail</summary>
      <code>{detail}</code>
    </details>
  );
}
