import type { Router } from 'express';
import { z } from 'zod';
import { intParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import {
  type AssociationDecision,
  decideAssociationRequest,
  listAssociationRequests,
} from './association-request.service';
import { associationRequestSchema } from './association-request.types';

const DECISIONS: { decision: AssociationDecision; operationId: string; summary: string }[] = [
  {
    decision: 'accept',
    operationId: 'acceptAssociationRequest',
    summary: "Accept a pending request (the target's admin or the super admin): the organisations become related",
  },
  {
    decision: 'decline',
    operationId: 'declineAssociationRequest',
    summary: "Decline a pending request (the target's admin or the super admin)",
  },
  {
    decision: 'withdraw',
    operationId: 'withdrawAssociationRequest',
    summary: "Withdraw a pending request the caller's organisation sent (its admin)",
  },
];

/** Association requests: list, accept, decline, withdraw. */
export function mountAssociationRequestRoutes(router: Router, app: AppContext): void {
  router.get(
    '/association-requests',
    route(app, (c) => listAssociationRequests(c.app, signedIn(c))),
  );
  for (const d of DECISIONS) {
    router.post(
      `/association-requests/:id/${d.decision}`,
      route(app, (c) => decideAssociationRequest(c.app, signedIn(c), intParam(c.req.params.id, 'id'), d.decision)),
    );
  }
  const tag = 'Association requests';
  documentApi(
    {
      method: 'get',
      path: '/association-requests',
      operationId: 'listAssociationRequests',
      summary: "Pending association requests of the caller's organisation (admins; all pending for the super admin)",
      tag,
      response: z.object({ incoming: z.array(associationRequestSchema), outgoing: z.array(associationRequestSchema) }),
      errors: { 403: 'Not an administrator' },
    },
    ...DECISIONS.map((d) => ({
      method: 'post' as const,
      path: `/association-requests/:id/${d.decision}`,
      operationId: d.operationId,
      summary: d.summary,
      tag,
      response: associationRequestSchema,
      errors: {
        403: 'Not an administrator',
        404: 'Unknown request, or not the caller’s to decide (the same answer)',
        409: 'Already decided',
      },
    })),
  );
}
