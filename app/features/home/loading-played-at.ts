/**
 * The localStorage key holding when the loading animation last played. The skip window runs from then, not from
 * the latest visit: someone who comes back every 20 minutes sees it again once 30 minutes have passed since it
 * played. Browser tests set it to skip the animation.
 */
export const LOADING_PLAYED_AT_KEY = 'studio:loadingPlayedAt';
