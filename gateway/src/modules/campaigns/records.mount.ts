import type { Router } from 'express';
import type { AppContext } from '../../shared/app-context';
import { BookingResolver } from '../bookings/booking.resolver';
import { mountBookingRoutes } from '../bookings/booking.routes';
import { CreativeResolver } from '../creatives/creative.resolver';
import { mountCreativeRoutes } from '../creatives/creative.routes';
import { ImpressionTagResolver } from '../tags/impression-tag.resolver';
import { SiteTagResolver } from '../tags/site-tag.resolver';
import { mountTagRoutes } from '../tags/tag.routes';
import { CampaignResolver } from './campaign.resolver';
import { mountCampaignRoutes } from './campaign.routes';

/** /api routes of the campaign records (campaigns, bookings, creatives, impression and site tags). */
export function mountCampaignRecordRoutes(router: Router, app: AppContext): void {
  mountCampaignRoutes(router, app);
  mountBookingRoutes(router, app);
  mountCreativeRoutes(router, app);
  mountTagRoutes(router, app);
}

/** GraphQL resolvers of the campaign records. */
export const campaignRecordResolvers = [
  CampaignResolver,
  BookingResolver,
  CreativeResolver,
  ImpressionTagResolver,
  SiteTagResolver,
] as const;
