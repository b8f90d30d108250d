import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from './saved-view.service';

const tag = 'SavedViews';

const savedViewRecord = z
  .object({
    id: z.number(),
    name: z.string(),
    query: z.string().describe("The dashboard address's query string, without '?': open /dashboard?<query>"),
    created_at: z.string().describe('ISO 8601, UTC'),
    updated_at: z.string().describe('ISO 8601, UTC'),
  })
  .meta({ id: 'SavedView' });

const savedViewBody = z
  .object({
    name: z.string().max(100).optional().describe('Required on create'),
    query: z.string().max(2000).optional().describe("The dashboard address's query string ('?' optional)"),
  })
  .meta({ id: 'SavedViewInput' });

const own = { 403: 'Called with an API key (views belong to users)' };

/** docs/api.md#saved-views: a signed-in user's named dashboard selections; another user's id answers 404. */
export function mountSavedViewRoutes(router: Router, app: AppContext): void {
  router.get(
    '/saved-views',
    route(app, (c) => listSavedViews(c.app, signedIn(c))),
  );
  router.post(
    '/saved-views',
    route(app, (c) => createSavedView(c.app, signedIn(c), bodyOf(c.req)), 201),
  );
  router.put(
    '/saved-views/:id',
    route(app, (c) => updateSavedView(c.app, signedIn(c), idParam(c.req), bodyOf(c.req))),
  );
  router.delete(
    '/saved-views/:id',
    route(app, (c) => deleteSavedView(c.app, signedIn(c), idParam(c.req))),
  );
  documentApi(
    {
      method: 'get',
      path: '/saved-views',
      operationId: 'listSavedViews',
      summary: "The caller's saved dashboard views, by name",
      tag,
      response: z.array(savedViewRecord),
      errors: own,
    },
    {
      method: 'post',
      path: '/saved-views',
      operationId: 'createSavedView',
      summary: 'Name the current dashboard selection',
      tag,
      body: savedViewBody,
      response: savedViewRecord,
      errors: { ...own, 409: 'A view of that name exists, or 100 views are saved' },
    },
    {
      method: 'put',
      path: '/saved-views/:id',
      operationId: 'updateSavedView',
      summary: 'Rename a saved view, or save a selection under it',
      tag,
      body: savedViewBody,
      response: savedViewRecord,
      errors: { ...own, 404: 'Saved view not found (or another user’s)', 409: 'A view of that name exists' },
    },
    {
      method: 'delete',
      path: '/saved-views/:id',
      operationId: 'deleteSavedView',
      summary: 'Delete a saved view; answers the view deleted',
      tag,
      response: savedViewRecord,
      errors: { ...own, 404: 'Saved view not found (or another user’s)' },
    },
  );
}
