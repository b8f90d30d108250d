import type { Router } from 'express';
import type { AppContext } from '../../shared/app-context';
import { mountCustomerRoutes } from '../customers/customer.routes';
import { mountReferenceRoutes } from '../reference/reference.routes';
import { mountRelationshipRoutes } from '../relationships/relationship.routes';
import { mountUserRoutes } from '../users/user.routes';
import { mountAgencyRoutes } from './agency.routes';
import { mountSystemRoutes } from './system.routes';

/** Organisation administration (spec 7): reference lists, agencies, clients, users, system organisations, relationships. */
export function mountOrgRoutes(router: Router, app: AppContext): void {
  mountReferenceRoutes(router, app);
  mountAgencyRoutes(router, app);
  mountCustomerRoutes(router, app);
  mountUserRoutes(router, app);
  mountSystemRoutes(router, app);
  mountRelationshipRoutes(router, app);
}
