import type { Request } from 'express';
import { intParam } from '../../rest/http';

/** A GraphQL input object as the plain record the services take. */
export const plain = (input: object): Record<string, unknown> => ({ ...input });

/** A JSON request body as a plain record (anything else counts as an empty form). */
export const bodyOf = (req: Request): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

export const idParam = (req: Request, name = 'id'): number => intParam(req.params[name], name);
