import type { Router } from 'express';
import type { AppContext } from '../shared/app-context';
import { mountAuthRoutes } from '../modules/auth/auth.routes';
import { mountAnalyticsRoutes } from '../modules/analytics/analytics.routes';
import { mountCampaignRoutes } from '../modules/campaigns/campaign.routes';
import { mountBookingRoutes } from '../modules/bookings/booking.routes';
import { mountCreativeRoutes } from '../modules/creatives/creative.routes';
import { mountTagRoutes } from '../modules/tags/tag.routes';
import { mountReferenceRoutes } from '../modules/reference/reference.routes';
import { mountAgencyRoutes } from '../modules/organisations/agency.routes';
import { mountCustomerRoutes } from '../modules/customers/customer.routes';
import { mountUserRoutes } from '../modules/users/user.routes';
import { mountSystemRoutes } from '../modules/organisations/system.routes';
import { mountRelationshipRoutes } from '../modules/relationships/relationship.routes';
import { mountSystemInfoRoutes } from '../modules/system-info/system-info.routes';
import { mountRecordSummaryRoutes } from '../modules/records-summary/records-summary.routes';
import { mountMonitoringRoutes } from '../modules/monitoring/monitoring.routes';
import { mountApiKeyRoutes } from '../modules/api-keys/api-key.routes';
import { mountAssociationRequestRoutes } from '../modules/relationships/association-request.routes';
import { mountAdminSummaryRoutes } from '../modules/admin-summary/admin-summary.routes';

/** A module's /api routes. */
export type MountRoutes = (router: Router, app: AppContext) => void;

/** Every module's mount function, one line per module: the list of REST modules is visible here and only here. */
export const restRoutes: MountRoutes[] = [
  mountAuthRoutes,
  mountAnalyticsRoutes,
  mountCampaignRoutes,
  mountBookingRoutes,
  mountCreativeRoutes,
  mountTagRoutes,
  mountReferenceRoutes,
  mountAgencyRoutes,
  mountCustomerRoutes,
  mountUserRoutes,
  mountSystemRoutes,
  mountRelationshipRoutes,
  mountSystemInfoRoutes,
  mountRecordSummaryRoutes,
  mountMonitoringRoutes,
  mountApiKeyRoutes,
  mountAssociationRequestRoutes,
  mountAdminSummaryRoutes,
];
