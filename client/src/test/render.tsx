import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createAppSystem } from '../app/theme';

const system = createAppSystem();

/** Renders inside the app's Chakra system, as the real screens are. */
export function renderWithTheme(ui: ReactElement) {
  return render(<ChakraProvider value={system}>{ui}</ChakraProvider>);
}
