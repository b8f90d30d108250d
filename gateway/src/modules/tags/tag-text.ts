/** The ready-to-paste text of a tag (docs/design.md#collection); keys are random, never database ids. */
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/**
 * The cache-busting macro of the tags as stored: VAST 4's `[CACHEBUSTING]`, which an IAB-conformant player
 * replaces with a fresh random number on every impression. The screen swaps it for another ad server's dialect
 * when copying (GAM's `%%CACHEBUSTER%%`...); the collector ignores the value, whatever the player put there.
 */
export const CACHE_BUSTING_MACRO = '[CACHEBUSTING]';

/** VAST impression URL; the player replaces the cache-busting macro. */
export const impressionTagText = (publicUrl: string, tagKey: string): string =>
  `${base(publicUrl)}/t/i/${tagKey}?cb=${CACHE_BUSTING_MACRO}`;

/**
 * docs/design.md#reach-frequency-and-lift: the same URL with ctl=1, for ad servers that run a holdout: fired instead of the ad's
 * impression URL when the household was chosen for the control group (a placeholder was shown).
 */
export const impressionControlTagText = (publicUrl: string, tagKey: string): string =>
  `${base(publicUrl)}/t/i/${tagKey}?ctl=1&cb=${CACHE_BUSTING_MACRO}`;

/** The site tag snippet: /t/s.js reads data-tag and sends the page hit (the collector serves it). */
export const siteTagText = (publicUrl: string, tagKey: string): string =>
  `<script async src="${base(publicUrl)}/t/s.js" data-tag="${tagKey}"></script>`;
