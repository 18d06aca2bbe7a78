import { formatFileSize } from './format';

/** How far one file of a multipart body has gone up: `sent` of its `size` bytes. */
export interface FileProgress {
  name: string;
  size: number;
  sent: number;
}

function contentBytes(value: FormDataEntryValue): number {
  return typeof value === 'string' ? new Blob([value]).size : value.size;
}

/**
 * Each file of `body` once `loaded` of the body's `total` bytes have gone up. A form's files travel in one request,
 * one after another in the order they were appended, so each file is a stretch of the body's bytes. What lies
 * between the contents (boundary lines and part headers, some 150 bytes a part) is spread evenly over the parts:
 * a file's start is then off by tens of bytes at most, which no percentage shows. Before the first progress event
 * (`total` 0) every file is at 0.
 */
export function filesProgress(body: FormData, loaded: number, total: number): FileProgress[] {
  const parts = [...body.values()];
  const contents = parts.reduce((sum, part) => sum + contentBytes(part), 0);
  const framing = Math.max(0, total - contents) / (parts.length + 1);
  const files: FileProgress[] = [];
  let offset = 0;
  for (const part of parts) {
    offset += framing;
    const size = contentBytes(part);
    if (typeof part !== 'string') {
      files.push({ name: part.name, size, sent: Math.round(Math.min(size, Math.max(0, loaded - offset))) });
    }
    offset += size;
  }
  return files;
}

/** The file a broken-off upload was sending: the first not wholly sent (the last, if only the text after it was). */
export function fileInTransit(files: FileProgress[]): FileProgress | undefined {
  return files.find((file) => file.sent < file.size) ?? files.at(-1);
}

/** Whole percents, rounded down: 100 only once the last byte has gone. */
export function uploadPercent(file: FileProgress): number {
  return file.size === 0 ? 100 : Math.floor((file.sent / file.size) * 100);
}

/** What a file's bar says: "IMG_2041.jpg — 3.1 MB of 8.4 MB, 37 %". */
export function fileProgressText(file: FileProgress): string {
  return `${file.name} — ${formatFileSize(file.sent)} of ${formatFileSize(file.size)}, ${uploadPercent(file)} %`;
}

/**
 * The upload in one sentence, for a polite live region: it changes when the upload starts and when its last byte
 * has gone, never with each percent, so a screen reader says it twice. Every upload of the dashboard is of images.
 */
export function uploadSummary(files: FileProgress[]): string {
  if (files.length === 0) return '';
  const size = formatFileSize(files.reduce((sum, file) => sum + file.size, 0));
  const what = files.length === 1 ? files[0]!.name : `${files.length} images`;
  if (files.some((file) => file.sent < file.size)) return `Uploading ${what} (${size}).`;
  return `Sent ${files.length === 1 ? what : `all ${what}`} (${size}); waiting for the server to store ${files.length === 1 ? 'it' : 'them'}.`;
}
