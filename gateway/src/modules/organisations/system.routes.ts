import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, intParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import type { Actor } from '@infinitum/rules';
import { createAdtech, listAdtechs, updateAdtech, withAdtechDetails } from './adtech.service';
import { createAdtechGroup, listAdtechGroups, updateAdtechGroup, withAdtechGroupDetails } from './adtech-group.service';
import { createBroadcaster, listBroadcasters, updateBroadcaster, withBroadcasterDetails } from './broadcaster.service';
import { createChannel, listChannels, updateChannel, withChannelDetails } from './channel.service';
import {
  adtechGroupInput,
  adtechGroupSchema,
  adtechInput,
  adtechSchema,
  broadcasterInput,
  broadcasterSchema,
  channelInput,
  channelSchema,
  messageSchema,
} from './organisation.schemas';
import { REMOVABLE_TYPES, removeEntity } from './removal.service';

type Input = Record<string, unknown>;

/** The services of one system organisation: base rows, then the API's record with its details. */
interface OrganisationCalls<B, R> {
  list(app: AppContext, actor: Actor): Promise<B[]>;
  create(app: AppContext, actor: Actor, input: Input): Promise<B>;
  update(app: AppContext, actor: Actor, id: number, input: Input): Promise<B>;
  details(app: AppContext, bases: B[]): Promise<R[]>;
}

/** GET path, POST path and PUT path/:id over one organisation's services. */
function mountOrganisation<B, R>(router: Router, app: AppContext, path: string, calls: OrganisationCalls<B, R>) {
  const one = async (base: Promise<B>) => (await calls.details(app, [await base]))[0];
  router.get(
    path,
    route(app, async (c) => calls.details(c.app, await calls.list(c.app, signedIn(c)))),
  );
  router.post(
    path,
    route(app, (c) => one(calls.create(c.app, signedIn(c), bodyOf(c.req)))),
  );
  router.put(
    `${path}/:id`,
    route(app, (c) => one(calls.update(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req)))),
  );
}

/** System administration (spec 2): broadcasters, adtechs, adtech groups, channels; removal by type and id. */
export function mountSystemRoutes(router: Router, app: AppContext): void {
  mountOrganisation(router, app, '/broadcasters', {
    list: listBroadcasters,
    create: createBroadcaster,
    update: updateBroadcaster,
    details: withBroadcasterDetails,
  });
  mountOrganisation(router, app, '/adtechs', {
    list: listAdtechs,
    create: createAdtech,
    update: updateAdtech,
    details: withAdtechDetails,
  });
  mountOrganisation(router, app, '/adtechgroups', {
    list: listAdtechGroups,
    create: createAdtechGroup,
    update: updateAdtechGroup,
    details: withAdtechGroupDetails,
  });
  mountOrganisation(router, app, '/channels', {
    list: listChannels,
    create: createChannel,
    update: updateChannel,
    details: withChannelDetails,
  });
  router.delete(
    '/entities/:type/:id',
    route(app, (c) => removeEntity(c.app, signedIn(c), String(c.req.params.type), intParam(c.req.params.id, 'id'))),
  );

  const tag = 'System administration';
  const writes = { 403: 'Super admin only', 404: 'Unknown id' };
  documentApi(
    {
      method: 'get',
      path: '/broadcasters',
      operationId: 'listBroadcasters',
      summary: "Broadcasters (all for the super admin; a broadcaster user's own)",
      tag,
      response: z.array(broadcasterSchema),
    },
    {
      method: 'post',
      path: '/broadcasters',
      operationId: 'createBroadcaster',
      summary: 'Create a broadcaster',
      tag,
      body: broadcasterInput,
      response: broadcasterSchema,
      errors: writes,
    },
    {
      method: 'put',
      path: '/broadcasters/:id',
      operationId: 'updateBroadcaster',
      summary: 'Update a broadcaster',
      tag,
      body: broadcasterInput,
      response: broadcasterSchema,
      errors: writes,
    },
    {
      method: 'get',
      path: '/adtechs',
      operationId: 'listAdtechs',
      summary: 'AdTech companies (publishers)',
      tag,
      response: z.array(adtechSchema),
    },
    {
      method: 'post',
      path: '/adtechs',
      operationId: 'createAdtech',
      summary: 'Create an AdTech',
      tag,
      body: adtechInput,
      response: adtechSchema,
      errors: writes,
    },
    {
      method: 'put',
      path: '/adtechs/:id',
      operationId: 'updateAdtech',
      summary: 'Update an AdTech',
      tag,
      body: adtechInput,
      response: adtechSchema,
      errors: writes,
    },
    {
      method: 'get',
      path: '/adtechgroups',
      operationId: 'listAdtechGroups',
      summary: 'AdTech groups with adtech_count',
      tag,
      response: z.array(adtechGroupSchema),
    },
    {
      method: 'post',
      path: '/adtechgroups',
      operationId: 'createAdtechGroup',
      summary: 'Create an AdTech group with member adtech ids',
      tag,
      body: adtechGroupInput,
      response: adtechGroupSchema,
      errors: writes,
    },
    {
      method: 'put',
      path: '/adtechgroups/:id',
      operationId: 'updateAdtechGroup',
      summary: 'Update an AdTech group (adtech_ids replaces the members)',
      tag,
      body: adtechGroupInput,
      response: adtechGroupSchema,
      errors: writes,
    },
    {
      method: 'get',
      path: '/channels',
      operationId: 'listChannels',
      summary: 'Channels the caller may book',
      tag,
      response: z.array(channelSchema),
    },
    {
      method: 'post',
      path: '/channels',
      operationId: 'createChannel',
      summary: 'Create a channel',
      tag,
      body: channelInput,
      response: channelSchema,
      errors: writes,
    },
    {
      method: 'put',
      path: '/channels/:id',
      operationId: 'updateChannel',
      summary: 'Update a channel',
      tag,
      body: channelInput,
      response: channelSchema,
      errors: writes,
    },
    {
      method: 'delete',
      path: '/entities/:type/:id',
      operationId: 'deleteEntity',
      summary: `Remove an entity by type (${REMOVABLE_TYPES.join(', ')}) and id`,
      tag,
      response: messageSchema,
      errors: { 404: 'Unknown or not visible', 409: 'Still in use' },
    },
  );
}
