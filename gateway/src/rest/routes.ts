import type { Router } from 'express';
import type { AppContext } from '../shared/app-context';
import { mountAnalyticsRoutes } from '../modules/analytics/analytics.routes';
import { mountCampaignRecordRoutes } from '../modules/campaigns/records.mount';
import { mountAuthRoutes } from '../modules/auth/auth.routes';
import { mountOrgRoutes } from '../modules/organisations/org-routes';

/** Each domain adds its mount function here (one line per domain). */
export type MountRoutes = (router: Router, app: AppContext) => void;

export const restRoutes: MountRoutes[] = [
  mountAuthRoutes,
  mountAnalyticsRoutes,
  mountCampaignRecordRoutes,
  mountOrgRoutes,
];
