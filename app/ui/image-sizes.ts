import { MOBILE_BREAKPOINT_PX } from '../../core/constants';

/**
 * The `sizes` of every photograph, each the width its CSS draws it at, so the browser fetches the
 * smallest variant that is still sharp. They follow the stylesheets: the content column is
 * `min(100vw - 2rem, 1180px)` (`.container`); change one with the other.
 */
const COLUMN = '(100vw - 2rem)';
/** The media query of a phone, where no picture wider than 1200 px is offered (decision 043). */
export const PHONE = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export const IMAGE_SIZES = {
  /** Full width, at least min(92vh, 760px) tall and cropped (object-fit: cover): a 3:2 picture that tall. */
  hero: 'max(100vw, min(138vh, 1140px))',
  /** Beside its text in a 1.3fr 1fr grid from 900 px, the whole column below. */
  lastProject: `(min-width: 900px) min(645px, (${COLUMN} - 2.5rem) * 0.565), calc(${COLUMN})`,
  /** One slide a page on a phone (two when always two), two a page above; each slide has 0.5rem each side. */
  slider: (alwaysTwo: boolean) =>
    `${PHONE} calc(${COLUMN} / ${alwaysTwo ? 2 : 1} - 1rem), min(574px, ${COLUMN} / 2 - 1rem)`,
  projectGallery: `min(1180px, ${COLUMN})`,
  /** The related projects at the end of a project page: three a row from 700 px, 1.5rem apart. */
  relatedProject: `(min-width: 700px) min(377px, (${COLUMN} - 3rem) / 3), calc(${COLUMN})`,
  /** Contained in the whole window. */
  viewer: 'min(100vw, 150vh)',
  /** Three a row from 1100 px, two from 700 px, 1.75rem apart. */
  blogCard: `(min-width: 1100px) min(375px, (${COLUMN} - 3.5rem) / 3), (min-width: 700px) calc((${COLUMN} - 1.75rem) / 2), calc(${COLUMN})`,
  /** The article column is at most 860 px. */
  blogHero: `min(860px, ${COLUMN})`,
  blogGallery: `(min-width: 700px) min(422px, (${COLUMN} - 1rem) / 2), calc(${COLUMN})`,
  /** One logo a page on a phone, three above; each inside 1rem of padding and a border. */
  clientLogo: `${PHONE} calc(${COLUMN} - 34px), min(345px, (${COLUMN} - 3rem) / 3 - 34px)`,
  /** Four a row above the phone breakpoint, two on a phone, 1.5rem apart. */
  teamPhoto: `${PHONE} calc((${COLUMN} - 1.5rem) / 2), min(277px, (${COLUMN} - 4.5rem) / 4)`,
  founder: '160px',
  /** The dashboard's project cards, by the manager's view: a thumbnail in the list, a larger picture in the detail. */
  dashboardProjectCard: { list: '160px', detail: `${PHONE} 100vw, 480px` },
  /** The dashboard's client and team cards. */
  dashboardEntityCard: `${PHONE} 90vw, 320px`,
} as const;
