import type { NonEmptyArray } from 'type-graphql';
import { HealthResolver } from './health.resolver';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { OverviewResolver } from '../modules/analytics/overview.resolver';
import { DashboardResolver } from '../modules/analytics/dashboard.resolver';
import { campaignRecordResolvers } from '../modules/campaigns/records.mount';
import { orgResolvers } from '../modules/organisations/org-resolvers';

/** Every resolver class; each domain adds its own (one line per domain). */
export const resolvers: NonEmptyArray<Function> = [
  HealthResolver,
  AuthResolver,
  OverviewResolver,
  DashboardResolver,
  ...campaignRecordResolvers,
  ...orgResolvers,
];
