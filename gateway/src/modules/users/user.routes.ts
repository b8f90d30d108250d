import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, intParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { messageSchema } from '../organisations/organisation.schemas';
import { createDirectUser } from './direct-user.service';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './user.service';

const userSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    admin: z.boolean(),
    role: z.string(),
    entity_type: z.number().int().describe('1 client, 2 agency, 3 broadcaster, 4 adtech (0 system)'),
    entity_id: z.number().int(),
    active: z.boolean().describe('false until the invitation is accepted'),
  })
  .meta({ id: 'User' });
const userInput = z
  .object({
    name: z.string(),
    email: z.string(),
    admin: z.boolean().optional(),
    entity_type: z.union([z.number().int(), z.string()]).optional().describe('super admin only'),
    entity_id: z.number().int().optional().describe('super admin only'),
  })
  .meta({ id: 'UserInput' });
const directUserInput = z.object({
  name: z.string(),
  email: z.string(),
  password: z.string(),
  role_id: z
    .union([z.literal(1), z.literal(2)])
    .optional()
    .describe('1 admin, 2 user (default)'),
  entity_type: z.enum(['broadcaster', 'agency', 'client', 'adtech']).optional().describe('default broadcaster'),
  broadcaster_id: z.number().int().nullish(),
  agency_id: z.number().int().nullish(),
  customer_id: z.number().int().nullish(),
  adtech_id: z.number().int().nullish(),
});

/** Users of the caller's entity (spec 7) and the super admin's direct user creation. */
export function mountUserRoutes(router: Router, app: AppContext): void {
  router.get(
    '/users',
    route(app, (c) => listUsers(c.app, signedIn(c))),
  );
  router.get(
    '/users/:id',
    route(app, (c) => getUser(c.app, signedIn(c), intParam(c.req.params.id, 'id'))),
  );
  router.post(
    '/users',
    route(app, (c) => createUser(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.put(
    '/users/:id',
    route(app, (c) => updateUser(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req))),
  );
  router.delete(
    '/users/:id',
    route(app, (c) => deleteUser(c.app, signedIn(c), intParam(c.req.params.id, 'id'))),
  );
  router.post(
    '/admin/users/direct',
    route(app, (c) => createDirectUser(c.app, signedIn(c), bodyOf(c.req))),
  );
  const tag = 'Users';
  const notFound = { 404: 'Unknown user, or not of the caller’s organisation' };
  documentApi(
    {
      method: 'get',
      path: '/users',
      operationId: 'listUsers',
      summary: "Users of the caller's organisation (every user for the super admin); admins only",
      tag,
      response: z.array(userSchema),
    },
    {
      method: 'get',
      path: '/users/:id',
      operationId: 'getUser',
      summary: 'One user',
      tag,
      response: userSchema,
      errors: notFound,
    },
    {
      method: 'post',
      path: '/users',
      operationId: 'inviteUser',
      summary: 'Invite a user (inactive until the emailed invitation is accepted)',
      tag,
      body: userInput,
      response: userSchema,
      errors: { 409: 'Email already in use' },
    },
    {
      method: 'put',
      path: '/users/:id',
      operationId: 'updateUser',
      summary: 'Update a user',
      tag,
      body: userInput,
      response: userSchema,
      errors: { ...notFound, 409: 'Email already in use' },
    },
    {
      method: 'delete',
      path: '/users/:id',
      operationId: 'deleteUser',
      summary: 'Remove a user',
      tag,
      response: messageSchema,
      errors: notFound,
    },
    {
      method: 'post',
      path: '/admin/users/direct',
      operationId: 'createUserDirect',
      summary: 'Super admin: create an active user with a preset password',
      tag,
      body: directUserInput,
      response: userSchema,
      errors: { 409: 'Email already in use' },
    },
  );
}
