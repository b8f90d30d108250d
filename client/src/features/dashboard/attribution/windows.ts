import { useQuery } from '@apollo/client/react';
import { DEFAULT_ATTRIBUTION_WINDOWS, type AttributionWindows, windowLabel } from '@infinitum/rules';
import { useSearchParams } from 'react-router-dom';
import { sameDayLabel, windowsText } from '../../../components/attribution-windows';
import { DashboardCustomersDocument } from '../../../gql/graphql';

/**
 * The dashboard customer's attribution windows in force (docs/design.md#attribution-settings), as
 * dashboardCustomers answers them: the panels' texts name them. The defaults until the list arrives.
 */
export function useAttributionWindows(): AttributionWindows {
  const [params] = useSearchParams();
  const id = Number(params.get('customer'));
  const { data } = useQuery(DashboardCustomersDocument, { fetchPolicy: 'cache-first' });
  const c = data?.dashboardCustomers.find((x) => x.id === id);
  return c
    ? { touchWindowHours: c.touch_window_hours, sameDayWindowHours: c.same_day_window_hours }
    : DEFAULT_ATTRIBUTION_WINDOWS;
}

const hoursWord = (h: number) => `${h} hour${h === 1 ? '' : 's'}`;

export { sameDayLabel, windowsText };

/** Visits Over Time's subtitle: Same Day is within S, All Responses within W. */
export const overTimeSubtitle = ({ touchWindowHours: w, sameDayWindowHours: s }: AttributionWindows): string =>
  `Same Day = visits within ${sameDayLabel(s)} of an impression; All Responses = visits over the ${windowLabel(w)} after`;

/**
 * Visit Response Timing's help: its buckets cut at W (Hour_1 to 1 h, Day_1 to 24 h, Week_1 to 7 days, then
 * Beyond_Week up to W), named as far as W reaches.
 */
export function timingHelp(w: number): string {
  const lead = "How long after the household's last impression the visit came: ";
  if (w <= 1) return `${lead}within the first hour (the whole touch window).`;
  if (w <= 24) return `${lead}within the first hour or hours 2-${w}.`;
  if (w < 48) return `${lead}within the first hour, hours 2-24, or up to ${hoursWord(w)}.`;
  if (w < 168) {
    const days = `days 2-${Math.ceil(w / 24)}`;
    return `${lead}within the first hour, hours 2-24, or ${w % 24 === 0 ? days : `${days} (up to ${windowLabel(w)})`}.`;
  }
  if (w === 168) return `${lead}within the first hour, hours 2-24, days 2-7.`;
  return `${lead}within the first hour, hours 2-24, days 2-7, or after the first week up to ${windowLabel(w)}.`;
}
