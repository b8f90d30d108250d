import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, intParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
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

const one = async <B, R>(base: Promise<B>, details: (bases: B[]) => Promise<R[]>): Promise<R> =>
  (await details([await base]))[0];

/** System administration (spec 2): broadcasters, adtechs, adtech groups, channels; removal by type and id. */
export function mountSystemRoutes(router: Router, app: AppContext): void {
  router.get(
    '/broadcasters',
    route(app, async (c) => withBroadcasterDetails(c.app, await listBroadcasters(c.app, signedIn(c)))),
  );
  router.post(
    '/broadcasters',
    route(app, (c) =>
      one(createBroadcaster(c.app, signedIn(c), bodyOf(c.req)), (b) => withBroadcasterDetails(c.app, b)),
    ),
  );
  router.put(
    '/broadcasters/:id',
    route(app, (c) =>
      one(updateBroadcaster(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req)), (b) =>
        withBroadcasterDetails(c.app, b),
      ),
    ),
  );
  router.get(
    '/adtechs',
    route(app, async (c) => withAdtechDetails(c.app, await listAdtechs(c.app, signedIn(c)))),
  );
  router.post(
    '/adtechs',
    route(app, (c) => one(createAdtech(c.app, signedIn(c), bodyOf(c.req)), (b) => withAdtechDetails(c.app, b))),
  );
  router.put(
    '/adtechs/:id',
    route(app, (c) =>
      one(updateAdtech(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req)), (b) =>
        withAdtechDetails(c.app, b),
      ),
    ),
  );
  router.get(
    '/adtechgroups',
    route(app, async (c) => withAdtechGroupDetails(c.app, await listAdtechGroups(c.app, signedIn(c)))),
  );
  router.post(
    '/adtechgroups',
    route(app, (c) =>
      one(createAdtechGroup(c.app, signedIn(c), bodyOf(c.req)), (b) => withAdtechGroupDetails(c.app, b)),
    ),
  );
  router.put(
    '/adtechgroups/:id',
    route(app, (c) =>
      one(updateAdtechGroup(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req)), (b) =>
        withAdtechGroupDetails(c.app, b),
      ),
    ),
  );
  router.get(
    '/channels',
    route(app, async (c) => withChannelDetails(c.app, await listChannels(c.app, signedIn(c)))),
  );
  router.post(
    '/channels',
    route(app, (c) => one(createChannel(c.app, signedIn(c), bodyOf(c.req)), (b) => withChannelDetails(c.app, b))),
  );
  router.put(
    '/channels/:id',
    route(app, (c) =>
      one(updateChannel(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req)), (b) =>
        withChannelDetails(c.app, b),
      ),
    ),
  );
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
      summary: "Broadcasters (all for the super admin; a broadcaster user's own)",
      tag,
      response: z.array(broadcasterSchema),
    },
    {
      method: 'post',
      path: '/broadcasters',
      summary: 'Create a broadcaster',
      tag,
      body: broadcasterInput,
      response: broadcasterSchema,
      errors: writes,
    },
    {
      method: 'put',
      path: '/broadcasters/:id',
      summary: 'Update a broadcaster',
      tag,
      body: broadcasterInput,
      response: broadcasterSchema,
      errors: writes,
    },
    { method: 'get', path: '/adtechs', summary: 'AdTech companies (publishers)', tag, response: z.array(adtechSchema) },
    {
      method: 'post',
      path: '/adtechs',
      summary: 'Create an AdTech',
      tag,
      body: adtechInput,
      response: adtechSchema,
      errors: writes,
    },
    {
      method: 'put',
      path: '/adtechs/:id',
      summary: 'Update an AdTech',
      tag,
      body: adtechInput,
      response: adtechSchema,
      errors: writes,
    },
    {
      method: 'get',
      path: '/adtechgroups',
      summary: 'AdTech groups with adtech_count',
      tag,
      response: z.array(adtechGroupSchema),
    },
    {
      method: 'post',
      path: '/adtechgroups',
      summary: 'Create an AdTech group with member adtech ids',
      tag,
      body: adtechGroupInput,
      response: adtechGroupSchema,
      errors: writes,
    },
    {
      method: 'put',
      path: '/adtechgroups/:id',
      summary: 'Update an AdTech group (adtech_ids replaces the members)',
      tag,
      body: adtechGroupInput,
      response: adtechGroupSchema,
      errors: writes,
    },
    {
      method: 'get',
      path: '/channels',
      summary: 'Channels the caller may book',
      tag,
      response: z.array(channelSchema),
    },
    {
      method: 'post',
      path: '/channels',
      summary: 'Create a channel',
      tag,
      body: channelInput,
      response: channelSchema,
      errors: writes,
    },
    {
      method: 'put',
      path: '/channels/:id',
      summary: 'Update a channel',
      tag,
      body: channelInput,
      response: channelSchema,
      errors: writes,
    },
    {
      method: 'delete',
      path: '/entities/:type/:id',
      summary: `Remove an entity by type (${REMOVABLE_TYPES.join(', ')}) and id`,
      tag,
      response: messageSchema,
      errors: { 404: 'Unknown or not visible', 409: 'Still in use' },
    },
  );
}
