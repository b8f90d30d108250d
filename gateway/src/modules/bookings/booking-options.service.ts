import type { EntityManager } from 'typeorm';
import { assertCustomerVisible } from '../access/customer-scope';
import type { AppContext } from '../../shared/app-context';
import type { Actor } from '@infinitum/rules';

export interface BookingChannelOption {
  id: number;
  channel_name: string;
  owner_type: 'broadcaster' | 'adtech';
  owner_id: number;
  owner_name: string | null;
}

export interface PublisherOption {
  id: number;
  adtech_name: string;
}

/** What the booking form offers the actor (spec 6, booking channels). */
export interface BookingOptions {
  channels: BookingChannelOption[];
  publishers: PublisherOption[];
  /** Adtech users only: the flags of their own adtech. */
  requires_job_number: boolean;
  requires_charged_cpm: boolean;
}

export interface AdtechNeeds {
  requires_job_number: boolean;
  requires_charged_cpm: boolean;
}

/** The adtech's own rules for job number and charged CPM (false when unknown). */
export async function adtechNeeds(em: EntityManager, adtechId: number): Promise<AdtechNeeds> {
  const rows: { requires_job_number: number; requires_charged_cpm: number }[] = await em.query(
    'SELECT requires_job_number, requires_charged_cpm FROM adtech WHERE id = ?',
    [adtechId],
  );
  return {
    requires_job_number: Boolean(Number(rows[0]?.requires_job_number ?? 0)),
    requires_charged_cpm: Boolean(Number(rows[0]?.requires_charged_cpm ?? 0)),
  };
}

const CHANNELS = `SELECT c.id, c.channel_name, c.owner_type, c.owner_id,
    COALESCE(b.broadcaster_name, a.adtech_name) AS owner_name
  FROM channel c
  LEFT JOIN broadcaster b ON c.owner_type = 'broadcaster' AND b.id = c.owner_id
  LEFT JOIN adtech a ON c.owner_type = 'adtech' AND a.id = c.owner_id`;

/** Channels and publishers the actor may book for a customer they can see; the client filters channels by publisher. */
export async function bookingOptions(app: AppContext, actor: Actor, customerId: number): Promise<BookingOptions> {
  const em = app.ds.manager;
  await assertCustomerVisible(em, actor, customerId);
  let channels: BookingChannelOption[];
  let publishers: PublisherOption[];
  let needs: AdtechNeeds = { requires_job_number: false, requires_charged_cpm: false };
  if (actor.entityType === 'BROADCASTER') {
    channels = await em.query(
      `${CHANNELS} WHERE c.owner_type = 'broadcaster' AND c.owner_id = ? ORDER BY c.channel_name`,
      [actor.entityId],
    );
    publishers = [];
  } else if (actor.entityType === 'ADTECH') {
    channels = await em.query(
      `${CHANNELS} WHERE c.owner_type = 'broadcaster' OR (c.owner_type = 'adtech' AND c.owner_id = ?) ORDER BY c.channel_name`,
      [actor.entityId],
    );
    publishers = await em.query('SELECT id, adtech_name FROM adtech WHERE id = ?', [actor.entityId]);
    needs = await adtechNeeds(em, actor.entityId);
  } else {
    channels = await em.query(`${CHANNELS} ORDER BY c.channel_name`);
    publishers = await em.query('SELECT id, adtech_name FROM adtech ORDER BY adtech_name');
  }
  return {
    channels: channels.map((c) => ({ ...c, id: Number(c.id), owner_id: Number(c.owner_id) })),
    publishers: publishers.map((p) => ({ id: Number(p.id), adtech_name: p.adtech_name })),
    ...needs,
  };
}
