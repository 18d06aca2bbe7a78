import { describe, expect, it } from 'vitest';
import { cropOutputSize, toSourceRect } from '../../app/features/dashboard/media/crop-image';

describe('cropOutputSize', () => {
  it('enlarges a small crop until its longer side is 800 px', () => {
    expect(cropOutputSize(300, 300)).toEqual({ width: 800, height: 800 });
    expect(cropOutputSize(400, 200)).toEqual({ width: 800, height: 400 });
    expect(cropOutputSize(60, 120)).toEqual({ width: 400, height: 800 });
  });

  it('reduces a large crop to fit within 1200×800', () => {
    expect(cropOutputSize(1200, 1200)).toEqual({ width: 800, height: 800 });
    expect(cropOutputSize(1600, 900)).toEqual({ width: 1200, height: 675 });
    expect(cropOutputSize(1600, 1200)).toEqual({ width: 1067, height: 800 });
    expect(cropOutputSize(3000, 2000)).toEqual({ width: 1200, height: 800 });
  });

  it('keeps a crop that is already between the two bounds', () => {
    expect(cropOutputSize(1000, 700)).toEqual({ width: 1000, height: 700 });
    expect(cropOutputSize(800, 800)).toEqual({ width: 800, height: 800 });
  });

  it('meets both bounds for a very wide or very tall crop', () => {
    expect(cropOutputSize(2000, 50)).toEqual({ width: 1200, height: 30 });
    expect(cropOutputSize(50, 2000)).toEqual({ width: 20, height: 800 });
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
