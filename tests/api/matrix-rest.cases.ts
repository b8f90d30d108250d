import { insertApiKey } from '../support/api-keys';
import { SUPER_ADMIN } from '../support/gateway';
import type { MatrixWorld } from '../support/matrix-fixtures';
import { isoDay } from '../support/records-fixtures';
import {
  alertRuleBody,
  alertRuleOf,
  alertUnsubscribeToken,
  annotationBody,
  annotationRange,
  freshAlert,
  freshAnnotation,
  freshSchedule,
  reportUnsubscribe,
  scheduleBody,
} from './matrix-timeline.fixtures';

/**
 * The REST half of the operations matrix: one row per documented /api operation (key "METHOD /api/path"
 * as GET /api/openapi.json spells it). A row says how an allowed actor succeeds and how a disallowed one
 * fails; the suite derives the no-token, malformed-input and unknown-id cases from it. A documented
 * operation without a row fails the suite, so new routes must be added here.
 */
export interface RestAsk {
  token?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

export interface RestCase {
  /** Public auth calls: no token needed. */
  public?: true;
  /** An allowed actor's call; answers `status` (default 200). */
  ok(w: MatrixWorld): Promise<RestAsk & { status?: number }>;
  /** A disallowed actor's call and its answer, or the reason no such actor exists. */
  denied: ((w: MatrixWorld) => Promise<RestAsk & { status: 403 | 404 }>) | string;
  /** Path (or query) parameter holding a record id: 999999 there answers 404 like another tenant's record. */
  unknownId?: string;
  /** Body used for fuzzing when the success body must not be (login: fuzzing it would lock the account). */
  fuzzBase?(w: MatrixWorld): Promise<RestAsk>;
  /** Further valid forms of other actors whose bodies are fuzzed too (they take other service branches). */
  alsoFuzz?(w: MatrixWorld): Promise<RestAsk[]>;
  /** An empty body is valid here (association carries no required field). */
  emptyBodyOk?: true;
  /** Answers an HTML page for people, success and refusal alike (an unsubscribe link opened from a mail). */
  page?: true;
}

/** Operations outside the entity API (other helpers' areas): the matrix does not cover them. */
export const REST_EXCLUDED = [
  /^\w+ \/api\/dashboard\//,
  /^\w+ \/api\/ingest\//,
  /^\w+ \/api\/admin\/redis\//,
  /^\w+ \/api\/active-users$/,
  /^\w+ \/api\/admin\/daily-activity$/,
  // The opt-out pixel: public like the collector's, a GIF for any caller (tests/dashboard/opt-out.test.ts).
  /^GET \/api\/optout$/,
];

const ALL_SEE = 'every signed-in user may call it';

/** A read key of tenant a's customer. */
const freshKey = async (w: MatrixWorld) =>
  (await insertApiKey(w.t, { entityType: 'CUSTOMER', entityId: w.a.customerId, scopes: ['read'] })).id;
/** Name of a record (the association asks carry the record's own name). */
const nameOf = async (w: MatrixWorld, table: 'customer' | 'agency', id: number): Promise<string> => {
  const column = table === 'customer' ? 'cust_name' : 'agency_name';
  const [row]: Record<string, string>[] = await w.t.gateway.app.ds.query(
    `SELECT ${column} AS n FROM ${table} WHERE id = ?`,
    [id],
  );
  return row.n;
};

/** A fresh pending request from tenant a's broadcaster to a client nobody is related to. */
const pendingRequest = async (w: MatrixWorld): Promise<number> => {
  const client = await w.fresh.loneCustomer();
  const res: { insertId: number } = await w.t.gateway.app.ds.query(
    `INSERT INTO association_request (requester_type, requester_id, target_type, target_id, pending_pair)
     VALUES ('BROADCASTER', ?, 'CUSTOMER', ?, ?)`,
    [w.a.broadcasterId, client, `BROADCASTER:${w.a.broadcasterId}|CUSTOMER:${client}`],
  );
  return Number(res.insertId);
};

const campaignBody = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  campaign_name: 'Matrix campaign',
  start_date: isoDay(0),
  end_date: isoDay(7),
});
const bookingBody = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  campaign_id: w.a.campaignId,
  channel_id: w.a.broadcasterChannelId,
  booking_name: 'Matrix booking',
  booking_type: 1,
  cpm: 10,
  start_date: isoDay(0),
  end_date: isoDay(7),
});
const creativeBody = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  description: 'Matrix creative',
  creative_type: 1,
  creative_format: '30s',
});
const siteTagBody = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  tag_description: 'Matrix site',
  main_site_tag: false,
});

/** Another tenant's customer admin: the record must answer 404 as if it did not exist. */
const otherTenant =
  (make: (w: MatrixWorld) => Promise<RestAsk>) =>
  async (w: MatrixWorld): Promise<RestAsk & { status: 404 }> => ({
    ...(await make(w)),
    token: w.b.users.customer.admin.token,
    status: 404,
  });

/** A saved view of tenant a's customer admin (docs/api.md#saved-views). */
const freshView = async (w: MatrixWorld): Promise<number> => {
  const res: { insertId: number } = await w.t.gateway.app.ds.query(
    'INSERT INTO saved_view (user_id, name, query) VALUES (?, ?, ?)',
    [w.a.users.customer.admin.userId, `Matrix view ${Date.now()} ${Math.random()}`, `client=${w.a.customerId}`],
  );
  return Number(res.insertId);
};
const viewName = () => `Matrix view ${Date.now()} ${Math.random()}`;

/** A signed-in organisation admin who is not the super admin: 403 on super-admin-only calls. */
const notSuperAdmin =
  (make: (w: MatrixWorld) => Promise<RestAsk>) =>
  async (w: MatrixWorld): Promise<RestAsk & { status: 403 }> => ({
    ...(await make(w)),
    token: w.a.users.broadcaster.admin.token,
    status: 403,
  });

function records(
  path: 'campaigns' | 'bookings' | 'creatives' | 'sitetags',
  body: (w: MatrixWorld) => Record<string, unknown>,
  fresh: (w: MatrixWorld) => Promise<number>,
): Record<string, RestCase> {
  // Bookings are made by the broadcaster (direct, no publisher choice); the rest by the client itself.
  const who = (w: MatrixWorld) =>
    path === 'bookings' ? w.a.users.broadcaster.admin.token : w.a.users.customer.user.token;
  const list = async (w: MatrixWorld) => ({ token: who(w), params: { customerId: w.a.customerId } });
  const create = async (w: MatrixWorld) => ({ token: who(w), body: body(w) });
  const update = async (w: MatrixWorld) => ({ token: who(w), params: { id: await fresh(w) }, body: body(w) });
  const remove = async (w: MatrixWorld) => ({ token: who(w), params: { id: await fresh(w) } });
  return {
    [`GET /api/${path}/customer/{customerId}`]: { ok: list, denied: otherTenant(list), unknownId: 'customerId' },
    [`POST /api/${path}`]: { ok: create, denied: otherTenant(create) },
    [`PUT /api/${path}/{id}`]: { ok: update, denied: otherTenant(update), unknownId: 'id' },
    [`DELETE /api/${path}/{id}`]: { ok: remove, denied: otherTenant(remove), unknownId: 'id' },
  };
}

/** A client admin books through the adtech publisher; the adtech admin with job number and charged CPM. */
async function bookingForms(w: MatrixWorld, id?: number): Promise<RestAsk[]> {
  const params = id ? { id } : undefined;
  return [
    {
      token: w.a.users.customer.admin.token,
      params,
      body: { ...bookingBody(w), channel_id: w.a.adtechChannelId, publisher_id: w.a.adtechId },
    },
    {
      token: w.a.users.adtech.admin.token,
      params,
      body: { ...bookingBody(w), channel_id: w.a.adtechChannelId, job_number: 'JOB-1', charged_cpm: 8 },
    },
  ];
}

function withBookingForms(rows: Record<string, RestCase>): Record<string, RestCase> {
  rows['POST /api/bookings'].alsoFuzz = (w) => bookingForms(w);
  rows['PUT /api/bookings/{id}'].alsoFuzz = async (w) => bookingForms(w, await w.fresh.booking());
  return rows;
}

/** Fuller forms of the organisation calls, by the actors whose branches differ (countries, billing, moves). */
const ORG_FORMS: Record<string, (w: MatrixWorld) => Promise<RestAsk[]>> = {
  'POST /api/customers': async (w) => [
    {
      token: w.a.users.broadcaster.admin.token,
      body: { cust_name: 'Matrix Client', display_name: 'MC', domain: 'mc.nz', admin_email: 'a@mc.nz', taxonomy_id: 0 },
    },
    {
      token: w.superAdmin.token,
      body: { cust_name: 'Matrix Client', country_code: 'NZ', country_list: ['NZ', 'AU'], billing_entity: 1 },
    },
  ],
  'PUT /api/customers/{id}': async (w) => [
    {
      token: w.a.users.customer.admin.token,
      params: { id: w.a.customerId },
      body: { cust_name: 'Alpha Customer', country_code: 'NZ', country_list: ['NZ', 'AU'], taxonomy_id: 0 },
    },
  ],
  'POST /api/agencies': async (w) => [
    { token: w.superAdmin.token, body: { agency_name: 'Matrix Agency', country_code: 'NZ', admin_email: 'a@ma.nz' } },
  ],
  'POST /api/users': async (w) => [
    {
      token: w.superAdmin.token,
      body: {
        name: 'Matrix Person',
        email: w.fresh.email(),
        admin: true,
        entity_type: 3,
        entity_id: w.a.broadcasterId,
      },
    },
  ],
  'PUT /api/users/{id}': async (w) => [
    {
      token: w.superAdmin.token,
      params: { id: await w.fresh.user() },
      body: { name: 'Matrix Person', email: w.fresh.email(), admin: true, entity_type: 2, entity_id: w.a.agencyId },
    },
  ],
  'POST /api/admin/users/direct': async (w) =>
    (
      [
        ['client', 'customer_id', w.a.customerId],
        ['agency', 'agency_id', w.a.agencyId],
        ['adtech', 'adtech_id', w.a.adtechId],
      ] as const
    ).map(([type, field, id]) => ({
      token: w.superAdmin.token,
      body: {
        name: 'Matrix Direct',
        email: w.fresh.email(),
        password: 'Password-123',
        role_id: 1,
        entity_type: type,
        [field]: id,
      },
    })),
  'PUT /api/adtechs/{id}': async (w) => [
    {
      token: w.superAdmin.token,
      params: { id: await w.fresh.adtech() },
      body: {
        adtech_name: 'Matrix Ads',
        country_code: 'NZ',
        country_list: ['NZ', 'AU'],
        requires_job_number: true,
        requires_charged_cpm: false,
      },
    },
  ],
};

export const REST_CASES: Record<string, RestCase> = {
  // Sign-in and tokens (public)
  'POST /api/login': {
    public: true,
    ok: async () => ({ body: SUPER_ADMIN }),
    denied: 'public call',
    fuzzBase: async (w) => ({ body: { email: w.fresh.email(), password: 'Not-the-password-1' } }),
  },
  'POST /api/refresh-token': {
    public: true,
    ok: async (w) => ({ body: { token: await w.fresh.refreshToken() } }),
    denied: 'public call',
  },
  'POST /api/password-reset': {
    public: true,
    ok: async (w) => ({ body: { email: w.fresh.email() } }),
    denied: 'public call',
  },
  'GET /api/verify-reset-token': {
    public: true,
    ok: async (w) => ({ query: { token: await w.fresh.resetToken() } }),
    denied: 'public call',
  },
  'POST /api/reset-password': {
    public: true,
    ok: async (w) => ({ body: { token: await w.fresh.resetToken(), new_password: 'New-password-123' } }),
    denied: 'public call',
  },
  'POST /api/accept-invitation': {
    public: true,
    ok: async (w) => ({ body: { token: await w.fresh.invitationToken() } }),
    denied: 'public call',
  },
  'GET /api/me': { ok: async (w) => ({ token: w.a.users.adtech.user.token }), denied: ALL_SEE },

  // Campaign records
  ...records('campaigns', campaignBody, (w) => w.fresh.campaign()),
  ...withBookingForms(records('bookings', bookingBody, (w) => w.fresh.booking())),
  ...records('creatives', creativeBody, (w) => w.fresh.creative()),
  ...records('sitetags', siteTagBody, (w) => w.fresh.siteTag()),
  'GET /api/bookings/options/customer/{customerId}': {
    ok: async (w) => ({ token: w.a.users.agency.user.token, params: { customerId: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { customerId: w.a.customerId } })),
    unknownId: 'customerId',
  },
  'GET /api/customers/{customerId}/record-summary': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { customerId: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { customerId: w.a.customerId } })),
    unknownId: 'customerId',
  },
  'GET /api/impressiontags/customer/{customerId}': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { customerId: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { customerId: w.a.customerId } })),
    unknownId: 'customerId',
  },
  'POST /api/impressiontags/save_combinations/{bookingId}': {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      params: { bookingId: await w.fresh.booking() },
      body: { creative_ids: [w.a.creativeId] },
    }),
    denied: otherTenant(async (w) => ({
      params: { bookingId: w.a.bookingId },
      body: { creative_ids: [w.a.creativeId] },
    })),
    unknownId: 'bookingId',
  },
  'DELETE /api/impressiontags/{id}': {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, params: { id: await w.fresh.impressionTag() } }),
    denied: otherTenant(async (w) => ({ params: { id: await w.fresh.impressionTag() } })),
    unknownId: 'id',
  },

  // Reference lists
  'GET /api/countries': { ok: async (w) => ({ token: w.a.users.customer.user.token }), denied: ALL_SEE },
  'GET /api/taxonomies': { ok: async (w) => ({ token: w.a.users.customer.user.token }), denied: ALL_SEE },

  // Agencies: managed by broadcasters, clients, adtechs and the super admin
  'GET /api/agencies': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, query: { associated: 'true' } }),
    denied: async (w) => ({ token: w.a.users.agency.admin.token, query: { associated: 'false' }, status: 403 }),
  },
  'POST /api/agencies': {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      body: { agency_name: 'Matrix Agency', domain: 'matrix.nz' },
    }),
    denied: async (w) => ({ token: w.a.users.agency.admin.token, body: { agency_name: 'Matrix Agency' }, status: 403 }),
  },
  'GET /api/agencies/{id}': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { id: w.a.agencyId } }),
    denied: otherTenant(async (w) => ({ params: { id: w.a.agencyId } })),
    unknownId: 'id',
  },
  'PUT /api/agencies/{id}': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      params: { id: await w.fresh.agency() },
      body: { agency_name: 'Matrix Agency 2' },
    }),
    // Visible to the client (related), but only its own admin or the super admin edits it.
    denied: async (w) => ({
      token: w.a.users.customer.admin.token,
      params: { id: w.a.agencyId },
      body: { agency_name: 'Taken over' },
      status: 403,
    }),
    unknownId: 'id',
  },
  'DELETE /api/agencies/{id}': {
    ok: async (w) => ({ token: w.superAdmin.token, params: { id: await w.fresh.agency() } }),
    denied: async (w) => ({
      token: w.a.users.customer.admin.token,
      params: { id: await w.fresh.agency() },
      status: 403,
    }),
    unknownId: 'id',
  },
  'POST /api/agencies/{id}/associate': {
    ok: async (w) => {
      const id = await w.fresh.loneAgency();
      return {
        token: w.a.users.customer.admin.token,
        params: { id },
        body: { agency_name: await nameOf(w, 'agency', id) },
      };
    },
    denied: async (w) => {
      const id = await w.fresh.loneAgency();
      return {
        token: w.a.users.customer.user.token,
        params: { id },
        body: { agency_name: await nameOf(w, 'agency', id) },
        status: 403,
      };
    },
    unknownId: 'id',
  },

  // Clients: managed by agencies, broadcasters, adtechs and the super admin
  'GET /api/customers': {
    ok: async (w) => ({ token: w.a.users.broadcaster.user.token }),
    denied: async (w) => ({ token: w.a.users.customer.admin.token, query: { associated: 'false' }, status: 403 }),
  },
  'POST /api/customers': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      body: { cust_name: 'Matrix Client', country_code: 'NZ', taxonomy_id: 0 },
    }),
    denied: async (w) => ({ token: w.a.users.customer.admin.token, body: { cust_name: 'Matrix Client' }, status: 403 }),
  },
  'GET /api/customers/{id}': {
    ok: async (w) => ({ token: w.a.users.broadcaster.user.token, params: { id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { id: w.a.customerId } })),
    unknownId: 'id',
  },
  'PUT /api/customers/{id}': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      params: { id: await w.fresh.customer() },
      body: { cust_name: 'Matrix Client 2', country_code: 'NZ' },
    }),
    denied: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      params: { id: w.a.customerId },
      body: { cust_name: 'Taken over' },
      status: 403,
    }),
    unknownId: 'id',
  },
  // docs/api.md#attribution-settings: who sees the client reads; its admin (or the super admin) asks for new windows.
  'GET /api/customers/{id}/attribution-windows': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { id: w.a.customerId } })),
    unknownId: 'id',
  },
  'PUT /api/customers/{id}/attribution-windows': {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      params: { id: w.a.customerId },
      body: { touch_window_hours: 336, same_day_window_hours: 24 },
    }),
    denied: async (w) => ({
      token: w.a.users.customer.user.token,
      params: { id: w.a.customerId },
      body: { touch_window_hours: 336, same_day_window_hours: 24 },
      status: 403,
    }),
    unknownId: 'id',
  },
  'DELETE /api/customers/{id}': {
    ok: async (w) => ({ token: w.superAdmin.token, params: { id: await w.fresh.customer() } }),
    denied: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      params: { id: await w.fresh.customer() },
      status: 403,
    }),
    unknownId: 'id',
  },
  'POST /api/customers/{id}/associate': {
    ok: async (w) => {
      const id = await w.fresh.loneCustomer();
      return {
        token: w.a.users.broadcaster.admin.token,
        params: { id },
        body: { cust_name: await nameOf(w, 'customer', id) },
      };
    },
    denied: async (w) => {
      const id = await w.fresh.loneCustomer();
      return {
        token: w.a.users.broadcaster.user.token,
        params: { id },
        body: { cust_name: await nameOf(w, 'customer', id) },
        status: 403,
      };
    },
    unknownId: 'id',
  },

  // Association requests: the target's admin or the super admin decides; the requester withdraws
  'GET /api/association-requests': {
    ok: async (w) => ({ token: w.a.users.customer.admin.token }),
    denied: async (w) => ({ token: w.a.users.customer.user.token, status: 403 }),
  },
  'POST /api/association-requests/{id}/accept': {
    ok: async (w) => ({ token: w.superAdmin.token, params: { id: await pendingRequest(w) } }),
    denied: async (w) => ({
      token: w.b.users.customer.admin.token,
      params: { id: await pendingRequest(w) },
      status: 404,
    }),
    unknownId: 'id',
    emptyBodyOk: true,
  },
  'POST /api/association-requests/{id}/decline': {
    ok: async (w) => ({ token: w.superAdmin.token, params: { id: await pendingRequest(w) } }),
    denied: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      params: { id: await pendingRequest(w) },
      status: 404,
    }),
    unknownId: 'id',
    emptyBodyOk: true,
  },
  'POST /api/association-requests/{id}/withdraw': {
    ok: async (w) => ({ token: w.a.users.broadcaster.admin.token, params: { id: await pendingRequest(w) } }),
    denied: async (w) => ({
      token: w.b.users.broadcaster.admin.token,
      params: { id: await pendingRequest(w) },
      status: 404,
    }),
    unknownId: 'id',
    emptyBodyOk: true,
  },

  // Users: any admin manages their organisation's users
  'GET /api/admin/summary': {
    ok: async (w) => ({ token: w.a.users.agency.admin.token }),
    denied: ALL_SEE,
  },
  'GET /api/admin/retention-runs': {
    ok: async (w) => ({ token: w.superAdmin.token }),
    denied: notSuperAdmin(async () => ({})),
  },
  // docs/security.md#erasure: a household nobody has (nothing removed, still audited).
  'POST /api/admin/erasure': {
    ok: async (w) => ({ token: w.superAdmin.token, body: { household_id: '987650001' } }),
    denied: notSuperAdmin(async () => ({ body: { household_id: '987650001' } })),
  },
  'GET /api/users': {
    ok: async (w) => ({ token: w.a.users.broadcaster.admin.token }),
    denied: async (w) => ({ token: w.a.users.broadcaster.user.token, status: 403 }),
  },
  'POST /api/users': {
    ok: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      body: { name: 'Matrix Person', email: w.fresh.email(), admin: false },
    }),
    denied: async (w) => ({
      token: w.a.users.broadcaster.user.token,
      body: { name: 'Matrix Person', email: w.fresh.email() },
      status: 403,
    }),
  },
  'GET /api/users/{id}': {
    ok: async (w) => ({ token: w.a.users.broadcaster.admin.token, params: { id: await w.fresh.user() } }),
    denied: async (w) => ({
      token: w.b.users.broadcaster.admin.token,
      params: { id: await w.fresh.user() },
      status: 404,
    }),
    unknownId: 'id',
  },
  'PUT /api/users/{id}': {
    ok: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      params: { id: await w.fresh.user() },
      body: { name: 'Matrix Person', email: w.fresh.email() },
    }),
    denied: async (w) => ({
      token: w.b.users.broadcaster.admin.token,
      params: { id: await w.fresh.user() },
      body: { name: 'Matrix Person', email: w.fresh.email() },
      status: 404,
    }),
    unknownId: 'id',
  },
  'DELETE /api/users/{id}': {
    ok: async (w) => ({ token: w.a.users.broadcaster.admin.token, params: { id: await w.fresh.user() } }),
    denied: async (w) => ({
      token: w.b.users.broadcaster.admin.token,
      params: { id: await w.fresh.user() },
      status: 404,
    }),
    unknownId: 'id',
  },
  'POST /api/admin/users/direct': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      body: {
        name: 'Matrix Direct',
        email: w.fresh.email(),
        password: 'Password-123',
        role_id: 2,
        entity_type: 'broadcaster',
        broadcaster_id: w.a.broadcasterId,
      },
    }),
    denied: notSuperAdmin(async (w) => ({
      body: {
        name: 'Matrix Direct',
        email: w.fresh.email(),
        password: 'Password-123',
        entity_type: 'broadcaster',
        broadcaster_id: w.a.broadcasterId,
      },
    })),
  },

  // System organisations: super admin only (lists are readable where booking forms need them)
  'GET /api/broadcasters': {
    ok: async (w) => ({ token: w.superAdmin.token }),
    denied: 'scoped, not refused: a broadcaster user lists its own broadcaster, others an empty list',
  },
  'POST /api/broadcasters': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      body: { broadcaster_name: 'Matrix TV', country_code: 'NZ', country_list: ['NZ'] },
    }),
    denied: notSuperAdmin(async () => ({ body: { broadcaster_name: 'Matrix TV', country_code: 'NZ' } })),
  },
  'PUT /api/broadcasters/{id}': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      params: { id: await w.fresh.broadcaster() },
      body: { broadcaster_name: 'Matrix TV 2', country_code: 'NZ' },
    }),
    denied: notSuperAdmin(async (w) => ({
      params: { id: w.a.broadcasterId },
      body: { broadcaster_name: 'Own TV', country_code: 'NZ' },
    })),
    unknownId: 'id',
  },
  'GET /api/adtechs': {
    ok: async (w) => ({ token: w.a.users.customer.user.token }),
    denied: 'booking forms list publishers for every role',
  },
  'POST /api/adtechs': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      body: { adtech_name: 'Matrix Ads', country_code: 'NZ', requires_job_number: true },
    }),
    denied: notSuperAdmin(async () => ({ body: { adtech_name: 'Matrix Ads', country_code: 'NZ' } })),
  },
  'PUT /api/adtechs/{id}': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      params: { id: await w.fresh.adtech() },
      body: { adtech_name: 'Matrix Ads 2', country_code: 'NZ' },
    }),
    denied: async (w) => ({
      token: w.a.users.adtech.admin.token,
      params: { id: w.a.adtechId },
      body: { adtech_name: 'Own Ads', country_code: 'NZ' },
      status: 403,
    }),
    unknownId: 'id',
  },
  'GET /api/adtechgroups': {
    ok: async (w) => ({ token: w.superAdmin.token }),
    denied: notSuperAdmin(async () => ({})),
  },
  'POST /api/adtechgroups': {
    ok: async (w) => ({ token: w.superAdmin.token, body: { group_name: 'Matrix Group', adtech_ids: [w.a.adtechId] } }),
    denied: notSuperAdmin(async () => ({ body: { group_name: 'Matrix Group' } })),
  },
  'PUT /api/adtechgroups/{id}': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      params: { id: await w.fresh.adtechGroup() },
      body: { group_name: 'Matrix Group 2', adtech_ids: [] },
    }),
    denied: notSuperAdmin(async (w) => ({ params: { id: await w.fresh.adtechGroup() }, body: { group_name: 'Mine' } })),
    unknownId: 'id',
  },
  'GET /api/channels': {
    ok: async (w) => ({ token: w.a.users.broadcaster.user.token }),
    denied: 'each role lists the channels it may book',
  },
  'POST /api/channels': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      body: { channel_name: 'Matrix Channel', owner_type: 'broadcaster', owner_id: w.a.broadcasterId },
    }),
    denied: notSuperAdmin(async (w) => ({
      body: { channel_name: 'Own Channel', owner_type: 'broadcaster', owner_id: w.a.broadcasterId },
    })),
  },
  'PUT /api/channels/{id}': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      params: { id: await w.fresh.channel() },
      body: { channel_name: 'Matrix Channel 2', owner_type: 'broadcaster', owner_id: w.a.broadcasterId },
    }),
    denied: notSuperAdmin(async (w) => ({
      params: { id: w.a.broadcasterChannelId },
      body: { channel_name: 'Renamed', owner_type: 'broadcaster', owner_id: w.a.broadcasterId },
    })),
    unknownId: 'id',
  },
  'DELETE /api/entities/{type}/{id}': {
    ok: async (w) => ({ token: w.superAdmin.token, params: { type: 'agency', id: await w.fresh.agency() } }),
    denied: notSuperAdmin(async (w) => ({ params: { type: 'channel', id: await w.fresh.channel() } })),
    unknownId: 'id',
  },
  'GET /api/admin/system/configuration': {
    ok: async (w) => ({ token: w.superAdmin.token }),
    denied: notSuperAdmin(async () => ({})),
  },
  'GET /api/admin/system/database': {
    ok: async (w) => ({ token: w.superAdmin.token }),
    denied: notSuperAdmin(async () => ({})),
  },
  'POST /api/admin/relationships': {
    ok: async (w) => ({
      token: w.superAdmin.token,
      body: {
        country_code: 'NZ',
        source_type: 'client',
        source_id: await w.fresh.loneCustomer(),
        target_type: 'broadcaster',
        target_id: w.a.broadcasterId,
      },
    }),
    denied: notSuperAdmin(async (w) => ({
      body: {
        country_code: 'NZ',
        source_type: 'client',
        source_id: w.b.customerId,
        target_type: 'broadcaster',
        target_id: w.a.broadcasterId,
      },
    })),
  },

  // API keys: an organisation's admins manage its keys, the super admin any
  'GET /api/api-keys': {
    ok: async (w) => ({ token: w.a.users.customer.admin.token }),
    denied: async (w) => ({ token: w.a.users.customer.user.token, status: 403 }),
  },
  'POST /api/api-keys': {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, body: { name: 'Matrix key', scopes: ['read'] } }),
    denied: async (w) => ({
      token: w.a.users.customer.user.token,
      body: { name: 'Matrix key', scopes: ['read'] },
      status: 403,
    }),
  },
  'POST /api/api-keys/{id}/rotate': {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, params: { id: await freshKey(w) } }),
    denied: otherTenant(async (w) => ({ params: { id: await freshKey(w) } })),
    unknownId: 'id',
    emptyBodyOk: true,
  },
  'DELETE /api/api-keys/{id}': {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, params: { id: await freshKey(w) } }),
    denied: otherTenant(async (w) => ({ params: { id: await freshKey(w) } })),
    unknownId: 'id',
  },
  // Saved views (docs/api.md#saved-views): each user's own; another user's id answers 404
  'GET /api/saved-views': {
    ok: async (w) => ({ token: w.a.users.customer.user.token }),
    denied: ALL_SEE,
  },
  'POST /api/saved-views': {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      body: { name: viewName(), query: `client=${w.a.customerId}` },
      status: 201,
    }),
    denied: ALL_SEE,
  },
  'PUT /api/saved-views/{id}': {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      params: { id: await freshView(w) },
      body: { name: viewName() },
    }),
    denied: async (w) => ({
      token: w.a.users.customer.user.token,
      params: { id: await freshView(w) },
      body: { name: viewName() },
      status: 404,
    }),
    unknownId: 'id',
    emptyBodyOk: true,
  },
  'DELETE /api/saved-views/{id}': {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, params: { id: await freshView(w) } }),
    denied: async (w) => ({ token: w.a.users.customer.user.token, params: { id: await freshView(w) }, status: 404 }),
    unknownId: 'id',
  },
  // Annotations (docs/design.md#annotations): whoever sees the customer reads, adds, edits and removes its notes
  'GET /api/annotations': {
    ok: async (w) => ({
      token: w.a.users.customer.user.token,
      query: { client_id: String(w.a.customerId), ...annotationRange() },
    }),
    denied: otherTenant(async (w) => ({ query: { client_id: String(w.a.customerId), ...annotationRange() } })),
    unknownId: 'client_id',
  },
  'POST /api/annotations': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, body: annotationBody(w) }),
    denied: otherTenant(async (w) => ({ body: annotationBody(w) })),
  },
  'PUT /api/annotations/{id}': {
    ok: async (w) => ({
      token: w.a.users.customer.user.token,
      params: { id: await freshAnnotation(w) },
      body: { note: 'Edited note', end_date: isoDay(3) },
    }),
    denied: otherTenant(async (w) => ({ params: { id: await freshAnnotation(w) }, body: { note: 'Taken over' } })),
    unknownId: 'id',
  },
  'DELETE /api/annotations/{id}': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { id: await freshAnnotation(w) } }),
    denied: otherTenant(async (w) => ({ params: { id: await freshAnnotation(w) } })),
    unknownId: 'id',
  },

  // Alerts (docs/api.md#alerts): a customer's rules for whoever sees it; the bell and its read marks are a person's
  'GET /api/alerts': {
    ok: async (w) => ({ token: w.a.users.customer.user.token }),
    denied: 'scoped, not refused: each user sees the alerts of the customers they see',
  },
  'POST /api/alerts/read': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, body: { ids: [await freshAlert(w)] } }),
    denied: 'scoped, not refused: ids of alerts the caller cannot see are ignored like unknown ids',
  },
  'GET /api/alerts/rules/customer/{customerId}': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { customerId: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { customerId: w.a.customerId } })),
    unknownId: 'customerId',
  },
  'PUT /api/alerts/rules/{id}': {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      params: { id: await alertRuleOf(w) },
      body: alertRuleBody(w),
    }),
    denied: otherTenant(async (w) => ({ params: { id: await alertRuleOf(w) }, body: { enabled: false } })),
    unknownId: 'id',
  },
  'GET /api/alerts/unsubscribe': {
    public: true,
    page: true,
    ok: async (w) => ({ query: { token: await alertUnsubscribeToken(w) } }),
    denied: 'public call: the signed link is the permission',
  },
  'POST /api/alerts/unsubscribe': {
    public: true,
    page: true,
    ok: async (w) => ({ query: { token: await alertUnsubscribeToken(w) } }),
    denied: 'public call: the signed link is the permission',
    emptyBodyOk: true,
  },

  // Scheduled reports (docs/api.md#scheduled-reports): whoever sees the customer schedules its reports
  'GET /api/reports/schedules/customer/{customerId}': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { customerId: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { customerId: w.a.customerId } })),
    unknownId: 'customerId',
  },
  'POST /api/reports/schedules': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, body: scheduleBody(w) }),
    denied: otherTenant(async (w) => ({ body: scheduleBody(w) })),
  },
  'PUT /api/reports/schedules/{id}': {
    ok: async (w) => ({
      token: w.a.users.customer.user.token,
      params: { id: await freshSchedule(w) },
      body: { ...scheduleBody(w), frequency: 'monthly', day: 28, hour: 23 },
    }),
    denied: otherTenant(async (w) => ({ params: { id: await freshSchedule(w) }, body: { enabled: false } })),
    unknownId: 'id',
  },
  'DELETE /api/reports/schedules/{id}': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { id: await freshSchedule(w) } }),
    denied: otherTenant(async (w) => ({ params: { id: await freshSchedule(w) } })),
    unknownId: 'id',
  },
  'POST /api/reports/schedules/{id}/send-now': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { id: await freshSchedule(w) } }),
    denied: otherTenant(async (w) => ({ params: { id: await freshSchedule(w) } })),
    unknownId: 'id',
    emptyBodyOk: true,
  },
  'GET /api/reports/unsubscribe': {
    public: true,
    page: true,
    ok: async (w) => ({ query: { token: await reportUnsubscribe(w) } }),
    denied: 'public call: the signed link is the permission',
  },
  'POST /api/reports/unsubscribe': {
    public: true,
    page: true,
    ok: async (w) => ({ query: { token: await reportUnsubscribe(w) } }),
    denied: 'public call: the signed link is the permission',
    emptyBodyOk: true,
  },

  // The live view (docs/design.md#live-view): whoever sees the customer; the stream refuses before any event
  'GET /api/live/{customerId}': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { customerId: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { customerId: w.a.customerId } })),
    unknownId: 'customerId',
  },
  'GET /api/live/{customerId}/stream': {
    ok: async (w) => ({ token: w.a.users.customer.user.token, params: { customerId: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ params: { customerId: w.a.customerId } })),
    unknownId: 'customerId',
  },

  'POST /api/logout': {
    public: true,
    ok: async (w) => ({ body: { token: await w.fresh.refreshToken() } }),
    denied: 'public call',
    emptyBodyOk: true,
  },
};

for (const [op, forms] of Object.entries(ORG_FORMS)) REST_CASES[op].alsoFuzz = forms;
