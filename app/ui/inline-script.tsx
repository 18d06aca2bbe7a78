import { use } from 'react';
import { ScriptMarker } from '../lib/script-marker';

/** An inline script the app wrote: it carries the render's marker, so the page's policy allows it by its hash. */
export function InlineScript({ code }: { code: string }) {
  return <script nonce={use(ScriptMarker)} dangerouslySetInnerHTML={{ __html: code }} />;
}
