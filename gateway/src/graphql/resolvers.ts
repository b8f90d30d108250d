import type { NonEmptyArray } from 'type-graphql';
import { HealthResolver } from './health.resolver';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { OverviewResolver } from '../modules/analytics/overview.resolver';
import { dashboardResolvers } from '../modules/analytics/dashboard.resolver';
import { CampaignResolver } from '../modules/campaigns/campaign.resolver';
import { BookingResolver } from '../modules/bookings/booking.resolver';
import { CreativeResolver } from '../modules/creatives/creative.resolver';
import { ImpressionTagResolver } from '../modules/tags/impression-tag.resolver';
import { SiteTagResolver } from '../modules/tags/site-tag.resolver';
import { ReferenceResolver } from '../modules/reference/reference.resolver';
import { AgencyResolver } from '../modules/organisations/agency.resolver';
import { CustomerResolver } from '../modules/customers/customer.resolver';
import { UserResolver } from '../modules/users/user.resolver';
import { systemResolvers } from '../modules/organisations/system.resolver';
import { RelationshipResolver } from '../modules/relationships/relationship.resolver';
import { SystemInfoResolver } from '../modules/system-info/system-info.resolver';
import { RecordSummaryResolver } from '../modules/records-summary/records-summary.resolver';
import { MonitoringResolver } from '../modules/monitoring/monitoring.resolver';
import { ApiKeyResolver } from '../modules/api-keys/api-key.resolver';
import { AssociationRequestResolver } from '../modules/relationships/association-request.resolver';
import { IngestResolver } from '../modules/ingest/ingest.resolver';
import { AdminSummaryResolver } from '../modules/admin-summary/admin-summary.resolver';

/** Every resolver class, one line per module: the list of GraphQL modules is visible here and only here. */
export const resolvers: NonEmptyArray<Function> = [
  HealthResolver,
  AuthResolver,
  OverviewResolver,
  ...dashboardResolvers,
  CampaignResolver,
  BookingResolver,
  CreativeResolver,
  ImpressionTagResolver,
  SiteTagResolver,
  ReferenceResolver,
  AgencyResolver,
  CustomerResolver,
  UserResolver,
  ...systemResolvers,
  RelationshipResolver,
  SystemInfoResolver,
  RecordSummaryResolver,
  MonitoringResolver,
  ApiKeyResolver,
  AssociationRequestResolver,
  IngestResolver,
  AdminSummaryResolver,
];
