import { z } from 'zod';

/** OpenAPI shapes of the organisation calls (the services are the source of truth; these document them). */
const id = z.number().int();
const text = z.string().nullable();

export const agencySchema = z
  .object({
    id,
    agency_name: z.string(),
    domain: text,
    admin_email: text,
    country_code: text.describe('ROLE_ADMIN only; null for others'),
    created_by: id.nullable().describe('ROLE_ADMIN only'),
  })
  .meta({ id: 'Agency' });
export const agencyInput = z
  .object({
    agency_name: z.string(),
    domain: z.string().nullish(),
    admin_email: z.string().nullish(),
    country_code: z.string().nullish().describe('ROLE_ADMIN only; ignored for others'),
  })
  .meta({ id: 'AgencyInput' });

export const countryList = z.array(z.string()).describe('operational countries, primary first');

export const broadcasterSchema = z
  .object({
    id,
    broadcaster_name: z.string(),
    country_code: z.string(),
    country_list: countryList,
  })
  .meta({ id: 'Broadcaster' });
export const broadcasterInput = z
  .object({
    broadcaster_name: z.string(),
    country_code: z.string(),
    country_list: z.array(z.string()).optional(),
  })
  .meta({ id: 'BroadcasterInput' });

export const adtechSchema = z
  .object({
    id,
    adtech_name: z.string(),
    country_code: z.string(),
    country_list: countryList,
    requires_job_number: z.boolean(),
    requires_charged_cpm: z.boolean(),
  })
  .meta({ id: 'Adtech' });
export const adtechInput = z
  .object({
    adtech_name: z.string(),
    country_code: z.string(),
    country_list: z.array(z.string()).optional(),
    requires_job_number: z.boolean().optional(),
    requires_charged_cpm: z.boolean().optional(),
  })
  .meta({ id: 'AdtechInput' });

export const adtechGroupSchema = z
  .object({ id, group_name: z.string(), adtech_count: id, adtech_ids: z.array(id) })
  .meta({ id: 'AdtechGroup' });
export const adtechGroupInput = z
  .object({ group_name: z.string(), adtech_ids: z.array(id).optional() })
  .meta({ id: 'AdtechGroupInput' });

export const channelSchema = z
  .object({
    id,
    channel_name: z.string(),
    owner_type: z.enum(['broadcaster', 'adtech']),
    owner_id: id,
    owner_name: text,
  })
  .meta({ id: 'Channel' });
export const channelInput = z
  .object({
    channel_name: z.string(),
    owner_type: z.enum(['broadcaster', 'adtech']),
    owner_id: id,
  })
  .meta({ id: 'ChannelInput' });

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
