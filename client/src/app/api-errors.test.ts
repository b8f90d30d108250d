import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { errorToastText, isCancelled } from './api-errors';

describe('failed calls as the user reads them', () => {
  it("reads 'Error: {status} - {message}' from the GraphQL error's extensions", () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'Booking not found.', extensions: { code: 'NOT_FOUND', status: 404 } }],
    });
    expect(errorToastText(error)).toBe('Error: 404 - Booking not found.');
  });

  it("falls back to 'An error occurred' when the server gave no message", () => {
    const error = new CombinedGraphQLErrors({ errors: [{ message: '', extensions: { status: 500 } }] });
    expect(errorToastText(error)).toBe('Error: 500 - An error occurred');
  });

  it('treats an aborted request as cancelled (silent)', () => {
    expect(isCancelled(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true);
    expect(isCancelled(new Error('boom'))).toBe(false);
  });
});

describe('non-2xx answers', () => {
  it("take the message of the JSON body, else 'An error occurred'", () => {
    // jsdom has no Response; the error only reads the status.
    const response = { status: 429, headers: new Headers() } as unknown as Response;
    const limited = new ServerError('Response not successful', {
      response,
      bodyText: JSON.stringify({ message: 'Too many requests.' }),
    });
    expect(errorToastText(limited)).toBe('Error: 429 - Too many requests.');
    const bare = new ServerError('Response not successful', {
      response: { status: 502, headers: new Headers() } as unknown as Response,
      bodyText: '<html>',
    });
    expect(errorToastText(bare)).toBe('Error: 502 - An error occurred');
  });
});
