import { createContext } from 'react';
import type { DashboardFilterInput } from '../../../gql/graphql';

/**
 * What a panel that asks for its own call needs from the page (the attribution what-if, which takes no part in
 * every refresh): the current filter payload, and whether the reader has opened it. The page keeps the latter,
 * so the panel stays open while a refresh redraws the view.
 */
export interface OnDemandPanels {
  filter: DashboardFilterInput | null;
  whatIfOpen: boolean;
  openWhatIf(): void;
}

export const DashboardFilterContext = createContext<OnDemandPanels>({
  filter: null,
  whatIfOpen: false,
  openWhatIf: () => undefined,
});
