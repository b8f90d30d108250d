import type { Router } from 'express';
import type { AppContext } from '../shared/app-context';
import { mountAnalyticsRoutes } from '../modules/analytics/analytics.routes';

/** Each domain adds its mount function here (one line per domain). */
export type MountRoutes = (router: Router, app: AppContext) => void;

export const restRoutes: MountRoutes[] = [mountAnalyticsRoutes];
