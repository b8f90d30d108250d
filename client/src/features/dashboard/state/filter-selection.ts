/**
 * The multi-select filter state machine of spec 4 ("Dashboard filter selection"), pure so every bullet
 * is unit-tested. A selection is a list of option ids; [ALL] is the default.
 */
export type FilterId = number | string;
export const ALL = 0;

export const isAll = (selected: readonly FilterId[]) => selected.length === 0 || selected.includes(ALL);

/**
 * Choosing an option (the All row included) in a multi-select:
 * - All while All is selected selects every real option; All otherwise resets to All alone;
 * - an item while All is selected replaces All with that item;
 * - an item already selected is toggled off; none left returns to All.
 */
export function chooseOption(selected: readonly FilterId[], id: FilterId, options: readonly FilterId[]): FilterId[] {
  if (id === ALL) return isAll(selected) && options.length > 0 ? [...options] : [ALL];
  if (isAll(selected)) return [id];
  if (selected.includes(id)) {
    const rest = selected.filter((s) => s !== id);
    return rest.length === 0 ? [ALL] : rest;
  }
  return [...selected, id];
}

/** Single-select (Site): picking replaces the selection. */
export const chooseSingle = (id: FilterId): FilterId[] => [id];

/** 'Filtered' when All is not selected: the button then shows a badge with this count (0 = no badge). */
export const badgeCount = (selected: readonly FilterId[]) => (isAll(selected) ? 0 : selected.length);

/** 'All <title>s'; the names joined by commas for 1-2; '<n> <title>s selected' otherwise (spec 4). */
export function selectionSummary(
  title: string,
  selected: readonly FilterId[],
  options: readonly { id: FilterId; display_name: string }[],
): string {
  if (isAll(selected)) return `All ${title}s`;
  if (selected.length <= 2) {
    return selected
      .map((id) => options.find((o) => String(o.id) === String(id))?.display_name ?? String(id))
      .join(', ');
  }
  return `${selected.length} ${title}s selected`;
}

/** The filter payload form: [0] for All, else the ids. */
export const payloadIds = (selected: readonly FilterId[]): FilterId[] => (isAll(selected) ? [ALL] : [...selected]);

/**
 * A list as the menus draw it: the server's first option of every list is {id: 0, 'All'} (spec 9), and that
 * is the menu's own 'All <title>s' row, not an item beside it.
 */
export const withoutAll = <T extends { id: FilterId }>(options: readonly T[]): T[] =>
  options.filter((o) => String(o.id) !== String(ALL));

/** Every list of the filter options without its 'All' option. */
export const menuLists = <L extends { [K in keyof L]: readonly { id: FilterId }[] }>(lists: L): L =>
  Object.fromEntries(
    // The answer's __typename passes through as it is.
    Object.entries(lists).map(([k, v]) => [k, Array.isArray(v) ? withoutAll(v as readonly { id: FilterId }[]) : v]),
  ) as unknown as L;
