import type { Request } from 'express';
import { intParam } from '../../rest/http';

export { bodyOf } from '../../rest/http';

/** A GraphQL input object as the plain record the services take. */
export const plain = (input: object): Record<string, unknown> => ({ ...input });

export const idParam = (req: Request, name = 'id'): number => intParam(req.params[name], name);
