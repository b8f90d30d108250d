import { act, screen, waitFor } from '@testing-library/react';
import { renderWithTheme } from '../test/render';
import { createToastGate } from './toast-gate';
import { notify } from './toaster';
import { Toaster } from './ToasterView';

describe('toast de-duplication', () => {
  it('lets an identical toast through once per 5 s, and different ones at once', () => {
    let t = 1_000;
    const allow = createToastGate(() => t);
    expect(allow('error|Error: 500 - boom')).toBe(true);
    t += 4_999;
    expect(allow('error|Error: 500 - boom')).toBe(false);
    expect(allow('error|Error: 404 - Booking not found.')).toBe(true);
    t += 1;
    expect(allow('error|Error: 500 - boom')).toBe(true);
  });

  it('shows two identical failures as one toast on screen', async () => {
    renderWithTheme(<Toaster />);
    act(() => {
      expect(notify('error', 'Error: 503 - Service unavailable')).toBe(true);
      expect(notify('error', 'Error: 503 - Service unavailable')).toBe(false);
      expect(notify('error', 'Error: 400 - Name is required.')).toBe(true);
    });
    await waitFor(() => expect(screen.getAllByText('Error: 503 - Service unavailable')).toHaveLength(1));
    expect(screen.getByText('Error: 400 - Name is required.')).toBeInTheDocument();
  });
});
