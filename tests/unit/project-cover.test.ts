import { describe, expect, it } from 'vitest';
import { projectCover } from '../../core/project-cover';
import type { ImageDetails } from '../../core/types';

const details = (path: string, alt: string): ImageDetails => ({ path, alt, width: 1200, height: 800, variants: [] });
const images = [details('project/a.jpg', 'Site plan'), details('project/b.jpg', 'Lodge elevation')];

describe('projectCover', () => {
  it('takes the image the server named as cover, with that image’s alt text', () => {
    const cover = projectCover({ title: 'Resort', image: 'project/b.jpg', imageDetails: images });
    expect(cover).toEqual({ image: images[1], path: 'project/b.jpg', alt: 'Lodge elevation' });
  });

  it('falls back to the first image when the cover is unknown', () => {
    const cover = projectCover({ title: 'Resort', image: 'project/gone.jpg', imageDetails: images });
    expect(cover.image).toBe(images[0]);
    expect(cover.alt).toBe('Site plan');
  });

  it('uses the title as alt when the cover has none, and has no image for a project without images', () => {
    expect(
      projectCover({ title: 'Resort', image: 'project/a.jpg', imageDetails: [details('project/a.jpg', '')] }).alt,
    ).toBe('Resort');
    expect(projectCover({ title: 'Resort', image: '', imageDetails: [] })).toEqual({
      image: undefined,
      path: '',
      alt: 'Resort',
    });
  });
});
