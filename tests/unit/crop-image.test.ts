import { describe, expect, it } from 'vitest';
import { uploadSize } from '../../app/features/dashboard/image-scaling';
import { cropOutputSize, toSourceRect } from '../../app/features/dashboard/media/crop-image';

describe('cropOutputSize', () => {
  it('enlarges a small crop until its longer side is 800 px', () => {
    expect(cropOutputSize(300, 300)).toEqual({ width: 800, height: 800 });
    expect(cropOutputSize(400, 200)).toEqual({ width: 800, height: 400 });
    expect(cropOutputSize(60, 120)).toEqual({ width: 400, height: 800 });
  });

  it('reduces a large crop evenly to the 2560 px master, keeping its aspect ratio (decision 043)', () => {
    expect(cropOutputSize(3000, 3000)).toEqual({ width: 2560, height: 2560 });
    expect(cropOutputSize(4000, 2250)).toEqual({ width: 2560, height: 1440 });
    expect(cropOutputSize(3000, 2000)).toEqual({ width: 2560, height: 1707 });
    expect(cropOutputSize(2000, 3000)).toEqual({ width: 1707, height: 2560 });
  });

  it('keeps a crop that is already between the two bounds', () => {
    expect(cropOutputSize(1000, 700)).toEqual({ width: 1000, height: 700 });
    expect(cropOutputSize(800, 800)).toEqual({ width: 800, height: 800 });
    expect(cropOutputSize(2560, 1440)).toEqual({ width: 2560, height: 1440 });
  });

  it('keeps a very wide or very tall crop whole within the master', () => {
    expect(cropOutputSize(6000, 150)).toEqual({ width: 2560, height: 64 });
    expect(cropOutputSize(50, 2000)).toEqual({ width: 50, height: 2000 });
  });
});

describe('uploadSize', () => {
  it('shrinks a camera file to 2560 px on its longer side before upload, and never enlarges', () => {
    expect(uploadSize(6000, 4000)).toEqual({ width: 2560, height: 1707 });
    expect(uploadSize(3000, 4000)).toEqual({ width: 1920, height: 2560 });
    expect(uploadSize(2560, 1440)).toEqual({ width: 2560, height: 1440 });
    expect(uploadSize(1000, 700)).toEqual({ width: 1000, height: 700 });
  });

  it('fits the 1200×800 box when asked to (a master too large in bytes)', () => {
    expect(uploadSize(6000, 4000, { width: 1200, height: 800 })).toEqual({ width: 1200, height: 800 });
  });
});

describe('toSourceRect', () => {
  it('turns a percentage crop into whole image pixels inside the image', () => {
    expect(toSourceRect({ x: 12.5, y: 0, width: 75, height: 100 }, { width: 1600, height: 1200 })).toEqual({
      x: 200,
      y: 0,
      width: 1200,
      height: 1200,
    });
    expect(toSourceRect({ x: 50.01, y: 50, width: 50, height: 50 }, { width: 999, height: 3 })).toEqual({
      x: 500,
      y: 2,
      width: 499,
      height: 1,
    });
  });
});
