import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import type { DataSource, EntityManager } from 'typeorm';
import { hashPassword } from '../modules/auth/passwords';
import { randomKey } from '../shared/ids';
import { ensureLeaseRow } from '../shared/lease';
import {
  ADTECH,
  AGENCY,
  BROADCASTER_CHANNELS,
  CPMS,
  DEMO_BROADCASTER,
  DEMO_CUSTOMERS,
  DEMO_PASSWORD,
  DEMO_USERS,
  DEMO_ZONE,
  type DemoCustomer,
  type DemoOrg,
} from './demo-data';

export interface DemoWorldOptions {
  /** 'yyyy-MM-dd' that campaign dates are relative to; default today in New Zealand. */
  today?: string;
  /** Password of every demo user; default DEMO_PASSWORD. */
  password?: string;
}

export interface DemoWorld {
  /** False when the world already existed and nothing was written. */
  created: boolean;
  broadcasterId: number;
  customerIds: number[];
}

const LOCK = 'infinitum_demo_world';

const insert = async (em: EntityManager, sql: string, params: unknown[]): Promise<number> => {
  const res: { insertId: number } = await em.query(sql, params);
  return Number(res.insertId);
};

/**
 * Writes the demo world (spec: demo) in one transaction, or nothing when a broadcaster named
 * 'Aotearoa Television' exists. A row of task_lease held FOR UPDATE keeps two seeders from both deciding to
 * write: the second waits for the first's commit, then finds its world (GET_LOCK would do, but Galera refuses it).
 */
export async function createDemoWorld(ds: DataSource, opts: DemoWorldOptions = {}): Promise<DemoWorld> {
  const today = opts.today ?? format(TZDate.tz(DEMO_ZONE), 'yyyy-MM-dd');
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(opts.password ?? DEMO_PASSWORD)));
  await ensureLeaseRow(ds, LOCK);
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    await qr.startTransaction();
    try {
      await qr.query('SELECT name FROM task_lease WHERE name = ? FOR UPDATE', [LOCK]);
      const existing = await findDemoWorld(qr.manager);
      if (existing) {
        await qr.commitTransaction();
        return { ...existing, created: false };
      }
      const world = await writeWorld(qr.manager, today, passwordHashes);
      await qr.commitTransaction();
      return { ...world, created: true };
    } catch (e) {
      await qr.rollbackTransaction();
      throw e;
    }
  } finally {
    await qr.release();
  }
}

async function findDemoWorld(em: EntityManager): Promise<Omit<DemoWorld, 'created'> | null> {
  const rows: { id: number }[] = await em.query('SELECT id FROM broadcaster WHERE broadcaster_name = ? LIMIT 1', [
    DEMO_BROADCASTER,
  ]);
  if (!rows[0]) return null;
  const customers: { id: number }[] = await em.query(
    `SELECT id FROM customer WHERE cust_name IN (${DEMO_CUSTOMERS.map(() => '?').join(', ')}) ORDER BY id`,
    DEMO_CUSTOMERS.map((c) => c.name),
  );
  return { broadcasterId: Number(rows[0].id), customerIds: customers.map((c) => Number(c.id)) };
}

/** yyyy-MM-dd `days` from `day` (calendar arithmetic, no time zone involved). */
const shift = (day: string, days: number) =>
  addDays(new Date(`${day}T12:00:00Z`), days)
    .toISOString()
    .slice(0, 10);

async function writeWorld(em: EntityManager, today: string, passwordHashes: string[]) {
  const broadcasterId = await insert(em, 'INSERT INTO broadcaster (broadcaster_name, country_code) VALUES (?, ?)', [
    DEMO_BROADCASTER,
    'NZ',
  ]);
  const adtechId = await insert(
    em,
    'INSERT INTO adtech (adtech_name, country_code, requires_job_number, requires_charged_cpm) VALUES (?, ?, 1, 0)',
    [ADTECH.name, 'NZ'],
  );
  const agencyId = await insert(
    em,
    'INSERT INTO agency (agency_name, domain, admin_email, country_code) VALUES (?, ?, ?, ?)',
    [AGENCY.name, AGENCY.domain, AGENCY.adminEmail, 'NZ'],
  );
  const groupId = await insert(em, 'INSERT INTO adtech_group (group_name) VALUES (?)', [ADTECH.group]);
  await em.query('INSERT INTO adtech_group_member (group_id, adtech_id) VALUES (?, ?)', [groupId, adtechId]);
  await em.query(
    "INSERT INTO operational_country (owner_type, owner_id, country_code) VALUES ('broadcaster', ?, 'NZ'), ('adtech', ?, 'NZ')",
    [broadcasterId, adtechId],
  );
  const channels: number[] = [];
  for (const name of BROADCASTER_CHANNELS) {
    channels.push(
      await insert(em, "INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'broadcaster', ?)", [
        name,
        broadcasterId,
      ]),
    );
  }
  const kpChannel = await insert(
    em,
    "INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'adtech', ?)",
    [ADTECH.channel, adtechId],
  );

  const customerIds: number[] = [];
  for (const c of DEMO_CUSTOMERS) customerIds.push(await insertCustomer(em, c, { broadcasterId, agencyId, adtechId }));

  const orgIds: Record<DemoOrg, number> = {
    broadcaster: broadcasterId,
    agency: agencyId,
    customer: customerIds[0],
    adtech: adtechId,
  };
  const userIds: Partial<Record<string, number>> = {};
  for (const [i, u] of DEMO_USERS.entries()) {
    await em.query(
      `INSERT INTO user (name, email, password_hash, admin, entity_type, entity_id, active) VALUES (?, ?, ?, ?, ?, ?, 1)
       ON DUPLICATE KEY UPDATE name = VALUES(name), password_hash = VALUES(password_hash), admin = VALUES(admin),
         entity_type = VALUES(entity_type), entity_id = VALUES(entity_id), active = 1`,
      [u.name, u.email, passwordHashes[i], u.admin ? 1 : 0, u.org.toUpperCase(), orgIds[u.org]],
    );
    const [row]: { id: number }[] = await em.query('SELECT id FROM user WHERE email = ?', [u.email]);
    userIds[`${u.org}.${u.admin ? 'admin' : 'user'}`] = Number(row.id);
  }

  let cpmTurn = 0;
  const nextCpm = () => CPMS[cpmTurn++ % CPMS.length];
  for (const [ci, c] of DEMO_CUSTOMERS.entries()) {
    const customerId = customerIds[ci];
    // Who "created" the records, so the overview's Created By column shows a mix of organisations.
    const planner = ci === 0 ? userIds['customer.admin'] : userIds['agency.admin'];
    const seller = ci % 2 === 0 ? userIds['broadcaster.admin'] : userIds['broadcaster.user'];
    const programmatic = ci % 2 === 0 ? userIds['adtech.admin'] : userIds['adtech.user'];

    const videoIds: number[] = [];
    for (const [description, length] of c.videos) {
      videoIds.push(
        await insert(
          em,
          'INSERT INTO creative (customer_id, description, creative_type, creative_format, created_by) VALUES (?, ?, 1, ?, ?)',
          [customerId, description, length, planner],
        ),
      );
    }
    const imageId = await insert(
      em,
      "INSERT INTO creative (customer_id, description, creative_type, creative_format, created_by) VALUES (?, ?, 2, '300x250', ?)",
      [customerId, `${c.display} Display Banner`, planner],
    );

    const campaigns = [
      { name: c.campaigns[0], start: shift(today, -100), end: shift(today, 30) },
      { name: c.campaigns[1], start: shift(today, -45), end: shift(today, 60) },
    ];
    for (const [k, campaign] of campaigns.entries()) {
      const campaignId = await insert(
        em,
        'INSERT INTO campaign (customer_id, campaign_name, start_date, end_date, created_by) VALUES (?, ?, ?, ?, ?)',
        [customerId, campaign.name, campaign.start, campaign.end, planner],
      );
      // Always-on: linear, on demand and programmatic video; seasonal: a second channel plus one display booking.
      const bookings =
        k === 0
          ? [
              { channel: channels[0], type: 1, by: seller, publisher: null, job: null },
              { channel: channels[2], type: 1, by: seller, publisher: null, job: null },
              { channel: kpChannel, type: 1, by: programmatic, publisher: adtechId, job: `KP-${2400 + ci * 10}` },
            ]
          : [
              { channel: channels[1], type: 1, by: seller, publisher: null, job: null },
              { channel: channels[2], type: 2, by: planner, publisher: null, job: null },
            ];
      for (const b of bookings) {
        const channelName =
          b.channel === kpChannel ? ADTECH.channel : BROADCASTER_CHANNELS[channels.indexOf(b.channel)];
        const bookingId = await insert(
          em,
          `INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, booking_type, cpm, start_date, end_date,
             publisher_id, job_number, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            customerId,
            campaignId,
            b.channel,
            `${campaign.name} - ${channelName}${b.type === 2 ? ' Display' : ''}`,
            b.type,
            nextCpm(),
            campaign.start,
            campaign.end,
            b.publisher,
            b.job,
            b.by,
          ],
        );
        for (const creativeId of b.type === 2 ? [imageId] : videoIds) {
          await em.query('INSERT INTO booking_creative (booking_id, creative_id) VALUES (?, ?)', [
            bookingId,
            creativeId,
          ]);
          await em.query(
            'INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key, created_by) VALUES (?, ?, ?, ?, ?)',
            [customerId, bookingId, creativeId, randomKey(), b.by],
          );
        }
      }
    }
    for (const [s, description] of c.siteTags.entries()) {
      await em.query(
        'INSERT INTO site_tag (customer_id, tag_description, tag_key, main_site_tag, created_by) VALUES (?, ?, ?, ?, ?)',
        [customerId, description, randomKey(), s === 0 ? 1 : 0, planner],
      );
    }
  }
  return { broadcasterId, customerIds };
}

async function insertCustomer(
  em: EntityManager,
  c: DemoCustomer,
  orgs: { broadcasterId: number; agencyId: number; adtechId: number },
): Promise<number> {
  const [taxonomy]: { id: number }[] = await em.query('SELECT id FROM taxonomy WHERE taxonomy_desc = ?', [c.taxonomy]);
  const id = await insert(
    em,
    `INSERT INTO customer (cust_name, display_name, domain, admin_email, taxonomy_id, country_code, time_zone, billing_entity, status)
     VALUES (?, ?, ?, ?, ?, 'NZ', ?, 2, 1)`,
    [c.name, c.display, c.domain, `marketing@${c.domain}`, taxonomy ? Number(taxonomy.id) : 0, DEMO_ZONE],
  );
  await em.query("INSERT INTO operational_country (owner_type, owner_id, country_code) VALUES ('customer', ?, 'NZ')", [
    id,
  ]);
  // One relationship per pair (exactly two ids set): the broadcaster, the agency and the adtech.
  await em.query(
    `INSERT INTO relationship (customer_id, broadcaster_id, agency_id, adtech_id)
     VALUES (?, ?, NULL, NULL), (?, NULL, ?, NULL), (?, NULL, NULL, ?)`,
    [id, orgs.broadcasterId, id, orgs.agencyId, id, orgs.adtechId],
  );
  return id;
}
