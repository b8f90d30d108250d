import 'reflect-metadata';
import type { GatewayModule } from './shared/module';
import { adminSummaryModule } from './modules/admin-summary';
import { alertsModule } from './modules/alerts';
import { retentionModule } from './modules/retention';
import { erasureModule } from './modules/erasure';
import { attributionModule } from './modules/attribution';
import { annotationsModule } from './modules/annotations';
import { analyticsModule } from './modules/analytics';
import { apiKeysModule } from './modules/api-keys';
import { authModule } from './modules/auth';
import { bookingsModule } from './modules/bookings';
import { campaignsModule } from './modules/campaigns';
import { creativesModule } from './modules/creatives';
import { customersModule } from './modules/customers';
import { ingestModule } from './modules/ingest';
import { liveModule } from './modules/live';
import { monitoringModule } from './modules/monitoring';
import { organisationsModule } from './modules/organisations';
import { recordsSummaryModule } from './modules/records-summary';
import { referenceModule } from './modules/reference';
import { relationshipsModule } from './modules/relationships';
import { savedViewsModule } from './modules/saved-views';
import { reportsModule } from './modules/reports';
import { systemInfoModule } from './modules/system-info';
import { tagsModule } from './modules/tags';
import { usersModule } from './modules/users';
import { etlModule } from './etl';

/**
 * The composition root's one list of modules: every entity, resolver, /api route and background task of the
 * gateway comes from here, in this order (REST routes are mounted in it). A new module adds one line.
 */
export const gatewayModules: readonly GatewayModule[] = [
  authModule,
  analyticsModule,
  campaignsModule,
  bookingsModule,
  creativesModule,
  tagsModule,
  referenceModule,
  organisationsModule,
  customersModule,
  usersModule,
  relationshipsModule,
  systemInfoModule,
  recordsSummaryModule,
  monitoringModule,
  apiKeysModule,
  ingestModule,
  adminSummaryModule,
  savedViewsModule,
  alertsModule,
  retentionModule,
  erasureModule,
  attributionModule,
  reportsModule,
  annotationsModule,
  liveModule,
  etlModule,
];

export const entities = gatewayModules.flatMap((m) => m.entities ?? []);
export const resolvers = gatewayModules.flatMap((m) => m.resolvers ?? []);
export const restMounts = gatewayModules.flatMap((m) => m.routes ?? []);
export const backgroundTasks = gatewayModules.flatMap((m) => m.tasks ?? []);
