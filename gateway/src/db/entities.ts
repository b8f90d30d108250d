import { RefreshToken } from '../modules/auth/refresh-token.entity';
import { OneTimeToken } from '../modules/auth/one-time-token.entity';
import { Booking, BookingCreative } from '../modules/bookings/booking.entity';
import { Campaign } from '../modules/campaigns/campaign.entity';
import { Creative } from '../modules/creatives/creative.entity';
import { Customer } from '../modules/customers/customer.entity';
import { Adtech } from '../modules/organisations/adtech.entity';
import { AdtechGroup, AdtechGroupMember } from '../modules/organisations/adtech-group.entity';
import { Agency } from '../modules/organisations/agency.entity';
import { Broadcaster } from '../modules/organisations/broadcaster.entity';
import { Channel } from '../modules/organisations/channel.entity';
import { OperationalCountry } from '../modules/organisations/operational-country.entity';
import { Country } from '../modules/reference/country.entity';
import { Taxonomy } from '../modules/reference/taxonomy.entity';
import { Relationship } from '../modules/relationships/relationship.entity';
import { ImpressionTag } from '../modules/tags/impression-tag.entity';
import { SiteTag } from '../modules/tags/site-tag.entity';
import { User } from '../modules/users/user.entity';
import { ApiKey } from '../modules/api-keys/api-key.entity';
import { AssociationRequest } from '../modules/relationships/association-request.entity';

/** Every TypeORM entity. Event and rollup tables of the pipeline are plain SQL (see etl/). */
export const entities = [
  Country,
  Taxonomy,
  Agency,
  Broadcaster,
  Adtech,
  AdtechGroup,
  AdtechGroupMember,
  OperationalCountry,
  Channel,
  Customer,
  Relationship,
  User,
  RefreshToken,
  OneTimeToken,
  Campaign,
  Booking,
  BookingCreative,
  Creative,
  ImpressionTag,
  SiteTag,
  ApiKey,
  AssociationRequest,
];
