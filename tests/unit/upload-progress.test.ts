import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { ApiError, answerOf, droppedMidUpload, failureOf } from '../../app/lib/api-client';
import {
  type FileProgress,
  fileInTransit,
  fileProgressText,
  filesProgress,
  uploadPercent,
  uploadSummary,
} from '../../app/lib/upload-progress';

const MB = 1024 * 1024;

/** A text field of 5 bytes, then two files of 1000 and 500 bytes: 1505 bytes of content. */
function projectBody(): FormData {
  const body = new FormData();
  body.append('title', 'Dzong');
  body.append('images', new File([new Uint8Array(1000)], 'IMG_2041.jpg', { type: 'image/jpeg' }));
  body.append('images', new File([new Uint8Array(500)], 'plan.png', { type: 'image/png' }));
  return body;
}
// With 400 bytes of framing, 100 before each part and after the last: the title is bytes 100–105, the first file
// 205–1205, the second 1305–1805.
const TOTAL = 1505 + 400;

describe('filesProgress', () => {
  it('has every file at 0 before the first progress event, with the sizes known', () => {
    expect(filesProgress(projectBody(), 0, 0)).toEqual([
      { name: 'IMG_2041.jpg', size: 1000, sent: 0 },
      { name: 'plan.png', size: 500, sent: 0 },
    ]);
  });

  it('places each file at its stretch of the body, the framing spread evenly over the parts', () => {
    const at = (loaded: number) => filesProgress(projectBody(), loaded, TOTAL).map((file) => file.sent);
    expect(at(150)).toEqual([0, 0]);
    expect(at(705)).toEqual([500, 0]);
    expect(at(1255)).toEqual([1000, 0]);
    expect(at(1400)).toEqual([1000, 95]);
    expect(at(TOTAL)).toEqual([1000, 500]);
  });

  it('counts a text field by its UTF-8 bytes', () => {
    const body = new FormData();
    body.append('location', 'ཐིམ་ཕུ'); // 6 Tibetan letters and marks, 3 bytes each
    body.append('image', new File([new Uint8Array(100)], 'logo.png'));
    const total = 18 + 100 + 3 * 10;
    expect(filesProgress(body, 10 + 18 + 10 + 50, total)).toEqual([{ name: 'logo.png', size: 100, sent: 50 }]);
  });

  it('has nothing to show for a body without files', () => {
    const body = new FormData();
    body.append('name', 'Karma');
    expect(filesProgress(body, 50, 100)).toEqual([]);
  });
});

describe('fileInTransit', () => {
  const files = (...sent: number[]): FileProgress[] =>
    sent.map((bytes, index) => ({ name: `${index}.jpg`, size: 100, sent: bytes }));

  it('is the first file not wholly sent', () => {
    expect(fileInTransit(files(100, 40, 0))?.name).toBe('1.jpg');
    expect(fileInTransit(files(100, 100, 0))?.name).toBe('2.jpg');
  });

  it('is the last file when only the text after the files was left, and none without files', () => {
    expect(fileInTransit(files(100, 100))?.name).toBe('1.jpg');
    expect(fileInTransit([])).toBeUndefined();
  });
});

describe('what the bars say', () => {
  it('gives the name, the bytes sent of the size and whole percents rounded down', () => {
    const photo = { name: 'IMG_2041.jpg', size: 8.4 * MB, sent: 3.1 * MB };
    expect(fileProgressText(photo)).toBe('IMG_2041.jpg — 3.1 MB of 8.4 MB, 36 %');
    expect(uploadPercent({ ...photo, sent: photo.size - 1 })).toBe(99);
    expect(uploadPercent({ ...photo, sent: photo.size })).toBe(100);
    expect(fileProgressText({ name: 'plan.png', size: 500 * 1024, sent: 0 })).toBe('plan.png — 0 bytes of 500 KB, 0 %');
  });

  it('sums the upload up twice: when it starts and once its last byte has gone', () => {
    const photo = { name: 'IMG_2041.jpg', size: 3 * MB, sent: 0 };
    const plan = { name: 'plan.png', size: MB, sent: 0 };
    expect(uploadSummary([])).toBe('');
    expect(uploadSummary([photo, plan])).toBe('Uploading 2 images (4.0 MB).');
    // The same sentence at every step between, so a live region says nothing more.
    expect(uploadSummary([{ ...photo, sent: MB }, plan])).toBe('Uploading 2 images (4.0 MB).');
    expect(
      uploadSummary([
        { ...photo, sent: photo.size },
        { ...plan, sent: plan.size },
      ]),
    ).toBe('Sent all 2 images (4.0 MB); waiting for the server to store them.');
    expect(uploadSummary([photo])).toBe('Uploading IMG_2041.jpg (3.0 MB).');
    expect(uploadSummary([{ ...photo, sent: photo.size }])).toBe(
      'Sent IMG_2041.jpg (3.0 MB); waiting for the server to store it.',
    );
  });
});

describe('answerOf', () => {
  it('gives the body of a 2xx answer, a null one included', () => {
    expect(answerOf(201, { data: [1] })).toEqual({ data: [1] });
    expect(answerOf(204, null)).toBeNull();
  });

  it("fails with the body's error, else its message, else SPEC section 8's text, keeping status and fields", () => {
    const failure = (status: number, body: unknown) => {
      try {
        answerOf(status, body);
      } catch (error) {
        return failureOf(error);
      }
      throw new Error('no failure');
    };
    expect(failure(400, { error: 'Title is required', fields: { title: 'Title is required' } })).toEqual({
      ok: false,
      error: 'Title is required',
      status: 400,
      fields: { title: 'Title is required' },
    });
    expect(failure(429, { message: 'Too many uploads' })).toEqual({
      ok: false,
      error: 'Too many uploads',
      status: 429,
    });
    expect(failure(502, null)).toEqual({ ok: false, error: 'HTTP error! status: 502', status: 502 });
  });
});

describe('droppedMidUpload', () => {
  it('tells an upload that broke off from a server never reached and from an answer', () => {
    expect(droppedMidUpload(failureOf(new ApiError(MESSAGES.uploadDropped('IMG_2041.jpg'), null)))).toBe(true);
    expect(droppedMidUpload(failureOf(new ApiError(MESSAGES.networkError, null)))).toBe(false);
    expect(droppedMidUpload(failureOf(new ApiError('Disk full', 500)))).toBe(false);
    expect(droppedMidUpload(failureOf(new Error('Encoding failed')))).toBe(false);
  });
});
