import { randomBytes } from 'node:crypto';
import { createOneTimeToken } from '../../gateway/src/modules/auth/one-time-tokens';
import { makeUser } from './actors';
import { SUPER_ADMIN, type TestGateway } from './gateway';
import { call, gql } from './http';
import { buildRecordsWorld, insert, isoDay, type RecordsWorld } from './records-fixtures';

/**
 * Fixtures of the operations matrix: the two-tenant records world plus factories of fresh, disposable
 * rows (so a successful delete or a single-use token never spoils another case).
 */
export interface MatrixWorld extends RecordsWorld {
  t: TestGateway;
  fresh: Fresh;
}

export interface Fresh {
  campaign(): Promise<number>;
  booking(): Promise<number>;
  creative(): Promise<number>;
  impressionTag(): Promise<number>;
  siteTag(): Promise<number>;
  /** An agency related to tenant a's customer (visible to a's customer users). */
  agency(): Promise<number>;
  /** A client related to tenant a's broadcaster, with no campaign data. */
  customer(): Promise<number>;
  /** A client nobody is related to (the association search). */
  loneCustomer(): Promise<number>;
  loneAgency(): Promise<number>;
  broadcaster(): Promise<number>;
  adtech(): Promise<number>;
  channel(): Promise<number>;
  adtechGroup(): Promise<number>;
  /** A user of tenant a's broadcaster. */
  user(): Promise<number>;
  resetToken(): Promise<string>;
  invitationToken(): Promise<string>;
  refreshToken(): Promise<string>;
  email(): string;
}

const unique = () => randomBytes(4).toString('hex');

export async function buildMatrixWorld(t: TestGateway): Promise<MatrixWorld> {
  const w = await buildRecordsWorld(t);
  const { a } = w;
  const creator = a.users.customer.admin.userId;
  const q = (sql: string, params: unknown[]) => insert(t, sql, params);
  const fresh: Fresh = {
    campaign: () =>
      q('INSERT INTO campaign (customer_id, campaign_name, start_date, end_date, created_by) VALUES (?, ?, ?, ?, ?)', [
        a.customerId,
        `Matrix ${unique()}`,
        isoDay(-1),
        isoDay(5),
        creator,
      ]),
    booking: async () =>
      q(
        `INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, booking_type, cpm, start_date, end_date, created_by)
         VALUES (?, ?, ?, ?, 1, 10, ?, ?, ?)`,
        [a.customerId, a.campaignId, a.broadcasterChannelId, `Matrix ${unique()}`, isoDay(-1), isoDay(5), creator],
      ),
    creative: () =>
      q(
        'INSERT INTO creative (customer_id, description, creative_type, creative_format, created_by) VALUES (?, ?, 1, ?, ?)',
        [a.customerId, `Matrix ${unique()}`, '15s', creator],
      ),
    impressionTag: async () => {
      const creativeId = await fresh.creative();
      return q(
        'INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key, created_by) VALUES (?, ?, ?, ?, ?)',
        [a.customerId, a.bookingId, creativeId, randomBytes(12).toString('base64url'), creator],
      );
    },
    siteTag: () =>
      q(
        'INSERT INTO site_tag (customer_id, tag_description, tag_key, main_site_tag, created_by) VALUES (?, ?, ?, 0, ?)',
        [a.customerId, `Matrix ${unique()}`, randomBytes(12).toString('base64url'), creator],
      ),
    agency: async () => {
      const id = await fresh.loneAgency();
      await q('INSERT INTO relationship (customer_id, agency_id) VALUES (?, ?)', [a.customerId, id]);
      return id;
    },
    loneAgency: () =>
      q("INSERT INTO agency (agency_name, country_code) VALUES (?, 'NZ')", [`Matrix Agency ${unique()}`]),
    customer: async () => {
      const id = await fresh.loneCustomer();
      await q('INSERT INTO relationship (customer_id, broadcaster_id) VALUES (?, ?)', [id, a.broadcasterId]);
      return id;
    },
    loneCustomer: () =>
      q("INSERT INTO customer (cust_name, country_code, time_zone) VALUES (?, 'NZ', 'Pacific/Auckland')", [
        `Matrix Client ${unique()}`,
      ]),
    broadcaster: () =>
      q("INSERT INTO broadcaster (broadcaster_name, country_code) VALUES (?, 'NZ')", [`Matrix TV ${unique()}`]),
    adtech: () => q("INSERT INTO adtech (adtech_name, country_code) VALUES (?, 'NZ')", [`Matrix Ads ${unique()}`]),
    channel: () =>
      q("INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'broadcaster', ?)", [
        `Matrix Channel ${unique()}`,
        a.broadcasterId,
      ]),
    adtechGroup: () => q('INSERT INTO adtech_group (group_name) VALUES (?)', [`Matrix Group ${unique()}`]),
    user: async () => {
      const u = await makeUser(t, { entityType: 'BROADCASTER', entityId: a.broadcasterId, admin: false });
      return u.actor.userId;
    },
    // A fresh user's: a reset ends every session of its user, and the matrix signs in as the super admin.
    resetToken: async () => createOneTimeToken(t.gateway.app.ds.manager, await fresh.user(), 'reset'),
    invitationToken: async () => {
      const id = await fresh.user();
      await t.gateway.app.ds.query('UPDATE user SET active = 0 WHERE id = ?', [id]);
      return createOneTimeToken(t.gateway.app.ds.manager, id, 'invitation');
    },
    refreshToken: async () => {
      const r = await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN });
      if (r.status !== 200) throw new Error(`login for a refresh token answered ${r.status}`);
      return r.body.refresh_token as string;
    },
    email: () => `matrix-${unique()}@test.infinitum`,
  };
  return { ...w, t, fresh };
}

/** Query and Mutation fields of the running schema, with their arguments' type names (introspection). */
export interface SchemaField {
  kind: 'query' | 'mutation';
  name: string;
  args: { name: string; type: string; required: boolean }[];
  /** Whether the answer is an object (needs a selection) or a scalar. */
  objectAnswer: boolean;
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

const typeString = (t: TypeRef): string =>
  t.kind === 'NON_NULL' ? `${typeString(t.ofType!)}!` : t.kind === 'LIST' ? `[${typeString(t.ofType!)}]` : t.name!;

const namedKind = (t: TypeRef): string => (t.ofType ? namedKind(t.ofType) : t.kind);

const REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';

export async function schemaFields(url: string): Promise<SchemaField[]> {
  const r = await gql(
    url,
    `{ __schema { queryType { fields { name args { name type { ${REF} } } type { ${REF} } } }
       mutationType { fields { name args { name type { ${REF} } } type { ${REF} } } } } }`,
  );
  const out: SchemaField[] = [];
  for (const [kind, root] of [
    ['query', r.data.__schema.queryType],
    ['mutation', r.data.__schema.mutationType],
  ] as const) {
    for (const f of root.fields as { name: string; args: { name: string; type: TypeRef }[]; type: TypeRef }[]) {
      out.push({
        kind,
        name: f.name,
        args: f.args.map((a) => ({ name: a.name, type: typeString(a.type), required: a.type.kind === 'NON_NULL' })),
        objectAnswer: namedKind(f.type) === 'OBJECT',
      });
    }
  }
  return out;
}

/** The operation document of one field: every argument as a variable, `__typename` as the selection. */
export function documentOf(f: SchemaField): string {
  const vars = f.args.map((a) => `$${a.name}: ${a.type}`).join(', ');
  const args = f.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${f.kind} M${vars ? `(${vars})` : ''} { ${f.name}${args ? `(${args})` : ''}${f.objectAnswer ? ' { __typename }' : ''} }`;
}
