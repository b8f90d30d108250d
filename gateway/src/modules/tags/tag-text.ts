/** The ready-to-paste text of a tag (DESIGN 3); keys are random, never database ids. */
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** VAST impression URL; the ad server replaces [CACHEBUSTER]. */
export const impressionTagText = (publicUrl: string, tagKey: string): string =>
  `${base(publicUrl)}/t/i/${tagKey}?cb=[CACHEBUSTER]`;

/**
 * DESIGN 4b: the same URL with ctl=1, for ad servers that run a holdout: fired instead of the ad's
 * impression URL when the household was chosen for the control group (a placeholder was shown).
 */
export const impressionControlTagText = (publicUrl: string, tagKey: string): string =>
  `${base(publicUrl)}/t/i/${tagKey}?ctl=1&cb=[CACHEBUSTER]`;

/** The site tag snippet: /t/s.js reads data-tag and sends the page hit (the collector serves it). */
export const siteTagText = (publicUrl: string, tagKey: string): string =>
  `<script async src="${base(publicUrl)}/t/s.js" data-tag="${tagKey}"></script>`;
