import {
  LOADING_ANIMATION_FORCED_MS,
  LOADING_ANIMATION_MS,
  LOADING_FADE_MS,
  REVISIT_SKIP_WINDOW_MS,
} from '../../../core/constants';
import { LOADING_PLAYED_AT_KEY } from './loading-played-at';

/**
 * The first-visit loading animation is decided and timed by this script in the home page's head, before the body
 * is parsed, so the first frame painted is the loader and never the page under it (issue 25); React hydrating
 * seconds later has no say. It marks `<html data-loading="playing">` (the stylesheet then paints the loader and
 * hides the page), switches to "leaving" for the fade after 1.5 s (2.5 s with ?loading=true), then removes the
 * mark. A revisit within 30 minutes of the last play gets no mark; ?reset=true forgets the last play. Without
 * JavaScript, or with storage refused, there is no loader. The page's HTML stays the same for every visitor.
 */
export const LOADING_DECISION_SCRIPT = `(function(){try{var d=document.documentElement,s=localStorage,\
q=new URLSearchParams(location.search),k=${JSON.stringify(LOADING_PLAYED_AT_KEY)},n=Date.now();\
if(q.get('reset')==='true')s.removeItem(k);\
var l=q.get('loading')==='true'?${LOADING_ANIMATION_FORCED_MS}:n-Number(s.getItem(k)||0)<${REVISIT_SKIP_WINDOW_MS}?0:${LOADING_ANIMATION_MS};\
if(!l)return;s.setItem(k,String(n));d.setAttribute('data-loading','playing');\
setTimeout(function(){d.setAttribute('data-loading','leaving');\
setTimeout(function(){d.removeAttribute('data-loading')},${LOADING_FADE_MS})},l)}catch(e){}})()`;
