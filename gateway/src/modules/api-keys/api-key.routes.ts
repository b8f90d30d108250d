import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { API_KEY_SCOPES } from '@infinitum/rules';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './api-key.service';

const tag = 'ApiKeys';
const when = z.string().nullable().describe('ISO 8601, UTC');

export const apiKeyRecord = z
  .object({
    id: z.number(),
    name: z.string(),
    prefix: z.string().describe('ifk_ and the first 8 characters of the secret: recognises a key, cannot use it'),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    entity_type: z.number().describe('0 system, 1 client, 2 agency, 3 broadcaster, 4 adtech'),
    entity_id: z.number(),
    entity_name: z.string(),
    status: z.enum(['Active', 'Revoked', 'Expired']),
    expires_at: when,
    revoked_at: when,
    old_secret_valid_until: when.describe(
      'ISO 8601, UTC. After a rotation: until when the replaced secret still works',
    ),
    last_used_at: when,
    created_at: z.string(),
    created_by: z.string().nullable(),
    usage_total: z.number().describe('Calls made with the key'),
    usage_today: z.number().describe('Calls made with the key today (UTC)'),
  })
  .meta({ id: 'ApiKeyRecord' });

const issuedKey = z
  .object({
    key: apiKeyRecord,
    secret: z.string().describe('The key itself (ifk_...): shown this once, stored only as a hash'),
  })
  .meta({ id: 'IssuedApiKey' });

const apiKeyBody = z
  .object({
    name: z.string().max(100),
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1),
    expires_at: z.string().optional().describe('yyyy-MM-dd or an ISO date and time; none: never expires'),
    entity_type: z.number().optional().describe('Super admin only: 0 system (default), 1-4 an organisation'),
    entity_id: z.number().optional().describe('Super admin only: the organisation'),
  })
  .meta({ id: 'ApiKeyInput' });

const managers = { 403: 'Not an admin, or called with an API key (keys never manage keys)' };

/** API key management: organisation admins for their organisation, the super admin for any. */
export function mountApiKeyRoutes(router: Router, app: AppContext): void {
  router.get(
    '/api-keys',
    route(app, (c) => listApiKeys(c.app, signedIn(c))),
  );
  router.post(
    '/api-keys',
    route(app, (c) => createApiKey(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.post(
    '/api-keys/:id/rotate',
    route(app, (c) => rotateApiKey(c.app, signedIn(c), idParam(c.req))),
  );
  router.delete(
    '/api-keys/:id',
    route(app, (c) => revokeApiKey(c.app, signedIn(c), idParam(c.req))),
  );
  documentApi(
    {
      method: 'get',
      path: '/api-keys',
      operationId: 'listApiKeys',
      summary: 'API keys of the caller’s organisation (all keys for the super admin), with usage; never the secret',
      tag,
      response: z.array(apiKeyRecord),
      errors: managers,
    },
    {
      method: 'post',
      path: '/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key; the answer carries the secret, shown this once',
      tag,
      body: apiKeyBody,
      response: issuedKey,
      errors: { ...managers, 404: 'Organisation not found', 409: 'Too many active keys' },
    },
    {
      method: 'post',
      path: '/api-keys/:id/rotate',
      operationId: 'rotateApiKey',
      summary: 'A new secret for the key (the old one stops working at once); shown this once',
      tag,
      response: issuedKey,
      errors: { ...managers, 404: 'API key not found', 409: 'The key is revoked or expired' },
    },
    {
      method: 'delete',
      path: '/api-keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key: the next call with it answers 401',
      tag,
      response: apiKeyRecord,
      errors: { ...managers, 404: 'API key not found' },
    },
  );
}
