import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import type { ReactElement } from 'react';
import { renderWithTheme } from '../../../test/render';
import { AuthProvider } from '../../auth/AuthProvider';
import { SESSION_KEY } from '../../auth/session-store';

// jsdom has no PointerEvent; Chakra's checkboxes build one when focus leaves them.
window.PointerEvent ??= MouseEvent as unknown as typeof PointerEvent;

/** Signs a user of this entity type in for the component (what AuthProvider restores at start). */
export function signInAs(entityType: string) {
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({
      user: { email: 'u@test', name: 'U', role: 'ROLE_X', entity_id: 1, entity_type: entityType, country_list: [] },
      accessToken: 'a',
      refreshToken: 'r',
    }),
  );
}

/** Renders a modal of the screen over answered GraphQL operations (each may be asked any number of times). */
export function renderWithApi(ui: ReactElement, mocks: MockLink.MockedResponse[]) {
  return renderWithTheme(
    <MockedProvider mocks={mocks.map((m) => ({ maxUsageCount: Number.POSITIVE_INFINITY, ...m }))}>
      <AuthProvider>{ui}</AuthProvider>
    </MockedProvider>,
  );
}
