import { z } from 'zod';

/** Answer of every DELETE of a campaign record. */
export const deletedRecord = z.object({ id: z.number(), message: z.string() }).meta({ id: 'DeletedRecord' });

export const deleted =
  (what: string) =>
  ({ id }: { id: number }) => ({ id, message: `${what} deleted.` });

export const notFoundErrors = (what: string): Record<number, string> => ({
  404: `${what} not found. (also for another tenant's ${what.toLowerCase()})`,
});

export const recordErrors = (what: string): Record<number, string> => ({
  ...notFoundErrors(what),
  403: 'No permission to edit',
});
