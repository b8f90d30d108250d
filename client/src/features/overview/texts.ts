/** The Overview's heading (spec 2), also drawn by the page's HTML shell (app/page-shells.ts). */
export const OVERVIEW_HEADING = 'Campaign Overview';
