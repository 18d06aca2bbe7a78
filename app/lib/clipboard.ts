/**
 * Puts text on the clipboard; false where the browser refuses or has no clipboard (an http:// origin other than
 * localhost, a browser setting), so the caller can offer another way.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    // Undefined outside secure contexts, whatever the types say.
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
