/**
 * The cache-busting macro of an impression tag, in the dialect of the ad server or player that fires it. The
 * gateway writes VAST 4's `[CACHEBUSTING]` (IAB VAST 4.x, section 'Macros': a random 8-digit number per
 * impression); other ad servers spell their own. The collector ignores the value, so any of them (or none)
 * counts the impression once.
 */
export const STORED_MACRO = '[CACHEBUSTING]';

export interface MacroDialect {
  id: string;
  label: string;
  /** What stands after `cb=` in the copied tag. */
  macro: string;
}

export const MACRO_DIALECTS: readonly MacroDialect[] = [
  { id: 'vast4', label: 'VAST 4 player (IAB)', macro: '[CACHEBUSTING]' },
  { id: 'vast4-time', label: 'VAST 4 player, timestamp', macro: '[TIMESTAMP]' },
  { id: 'gam', label: 'Google Ad Manager', macro: '%%CACHEBUSTER%%' },
  { id: 'xandr', label: 'Xandr (Microsoft Invest)', macro: '${CACHEBUSTER}' },
  { id: 'springserve', label: 'SpringServe', macro: '{{CACHEBUSTER}}' },
];

export const DEFAULT_DIALECT = MACRO_DIALECTS[0];

/** The tag as the chosen ad server wants it: its macro in place of the stored one. */
export function inDialect(tag: string, dialect: MacroDialect): string {
  return tag.split(STORED_MACRO).join(dialect.macro);
}

/** The line beside the copy button: what the macro is for and who fills it in. */
export const macroNote = (dialect: MacroDialect) =>
  `${dialect.macro} is the cache-buster: the ad server or player puts a fresh random number there on every ` +
  'impression, so no browser or proxy cache swallows a repeat view. Leave it as it is.';
