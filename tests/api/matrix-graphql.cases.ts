import { insertApiKey } from '../support/api-keys';
import { SUPER_ADMIN } from '../support/gateway';
import type { MatrixWorld, SchemaField } from '../support/matrix-fixtures';
import { isoDay } from '../support/records-fixtures';
import {
  alertRuleBody,
  alertRuleOf,
  annotationBody,
  annotationRange,
  freshAlert,
  freshAnnotation,
  freshSchedule,
  scheduleBody,
} from './matrix-timeline.fixtures';

/**
 * The GraphQL half of the operations matrix: one row per Query/Mutation field of the running schema
 * (introspection). Same shape as the REST rows; `status` is the `extensions.status` of the error.
 */
export interface GqlAsk {
  token?: string;
  vars: Record<string, unknown>;
}

export interface GqlCase {
  public?: true;
  ok(w: MatrixWorld): Promise<GqlAsk>;
  denied: ((w: MatrixWorld) => Promise<GqlAsk & { status: 403 | 404 }>) | string;
  /** Argument holding a record id: 999999 there answers NOT_FOUND. */
  unknownId?: string;
  fuzzBase?(w: MatrixWorld): Promise<GqlAsk>;
}

/** Dashboard, ingest and health fields belong to other areas (the dashboard calls take a DashboardFilterInput). */
export const graphqlExcluded = (f: SchemaField): boolean =>
  /^(dashboard|ingest|health)/.test(f.name) || f.args.some((a) => a.type.startsWith('DashboardFilterInput'));

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

/** A saved view of tenant a's customer admin (docs/api.md#saved-views). */
const freshView = async (w: MatrixWorld): Promise<number> => {
  const res: { insertId: number } = await w.t.gateway.app.ds.query(
    'INSERT INTO saved_view (user_id, name, query) VALUES (?, ?, ?)',
    [w.a.users.customer.admin.userId, `Matrix view ${Date.now()} ${Math.random()}`, `client=${w.a.customerId}`],
  );
  return Number(res.insertId);
};
const viewName = () => `Matrix view ${Date.now()} ${Math.random()}`;

const otherTenant =
  (make: (w: MatrixWorld) => Promise<GqlAsk['vars']>) =>
  async (w: MatrixWorld): Promise<GqlAsk & { status: 404 }> => ({
    token: w.b.users.customer.admin.token,
    vars: await make(w),
    status: 404,
  });

const notSuperAdmin =
  (make: (w: MatrixWorld) => Promise<GqlAsk['vars']>) =>
  async (w: MatrixWorld): Promise<GqlAsk & { status: 403 }> => ({
    token: w.a.users.broadcaster.admin.token,
    vars: await make(w),
    status: 403,
  });

const campaignInput = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  campaign_name: 'Matrix campaign',
  start_date: isoDay(0),
  end_date: isoDay(7),
});
const bookingInput = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  campaign_id: w.a.campaignId,
  channel_id: w.a.broadcasterChannelId,
  booking_name: 'Matrix booking',
  booking_type: 1,
  cpm: 10,
  start_date: isoDay(0),
  end_date: isoDay(7),
});
const creativeInput = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  description: 'Matrix creative',
  creative_type: 1,
  creative_format: '30s',
});
const siteTagInput = (w: MatrixWorld) => ({ customer_id: w.a.customerId, tag_description: 'Matrix site' });

type Fresh = keyof MatrixWorld['fresh'];

function records(
  name: 'Campaign' | 'Booking' | 'Creative' | 'SiteTag',
  list: 'campaigns' | 'bookings' | 'creatives' | 'siteTags',
  input: (w: MatrixWorld) => Record<string, unknown>,
  fresh: Fresh,
): Record<string, GqlCase> {
  const who = (w: MatrixWorld) =>
    name === 'Booking' ? w.a.users.broadcaster.admin.token : w.a.users.customer.user.token;
  const id = async (w: MatrixWorld) => (w.fresh[fresh] as () => Promise<number>)();
  return {
    [list]: {
      ok: async (w) => ({ token: who(w), vars: { customer_id: w.a.customerId } }),
      denied: otherTenant(async (w) => ({ customer_id: w.a.customerId })),
      unknownId: 'customer_id',
    },
    [`create${name}`]: {
      ok: async (w) => ({ token: who(w), vars: { input: input(w) } }),
      denied: otherTenant(async (w) => ({ input: input(w) })),
    },
    [`update${name}`]: {
      ok: async (w) => ({ token: who(w), vars: { id: await id(w), input: input(w) } }),
      denied: otherTenant(async (w) => ({ id: await id(w), input: input(w) })),
      unknownId: 'id',
    },
    [`delete${name}`]: {
      ok: async (w) => ({ token: who(w), vars: { id: await id(w) } }),
      denied: otherTenant(async (w) => ({ id: await id(w) })),
      unknownId: 'id',
    },
  };
}

export const GRAPHQL_CASES: Record<string, GqlCase> = {
  // Sign-in and tokens (public)
  login: {
    public: true,
    ok: async () => ({ vars: SUPER_ADMIN }),
    denied: 'public call',
    fuzzBase: async (w) => ({ vars: { email: w.fresh.email(), password: 'Not-the-password-1' } }),
  },
  refreshToken: {
    public: true,
    ok: async (w) => ({ vars: { token: await w.fresh.refreshToken() } }),
    denied: 'public call',
  },
  requestPasswordReset: {
    public: true,
    ok: async (w) => ({ vars: { email: w.fresh.email() } }),
    denied: 'public call',
  },
  verifyResetToken: {
    public: true,
    ok: async (w) => ({ vars: { token: await w.fresh.resetToken() } }),
    denied: 'public call',
  },
  resetPassword: {
    public: true,
    ok: async (w) => ({ vars: { token: await w.fresh.resetToken(), new_password: 'New-password-123' } }),
    denied: 'public call',
  },
  acceptInvitation: {
    public: true,
    ok: async (w) => ({ vars: { token: await w.fresh.invitationToken() } }),
    denied: 'public call',
  },
  me: { ok: async (w) => ({ token: w.a.users.adtech.user.token, vars: {} }), denied: ALL_SEE },

  // Campaign records
  ...records('Campaign', 'campaigns', campaignInput, 'campaign'),
  ...records('Booking', 'bookings', bookingInput, 'booking'),
  ...records('Creative', 'creatives', creativeInput, 'creative'),
  ...records('SiteTag', 'siteTags', siteTagInput, 'siteTag'),
  bookingOptions: {
    ok: async (w) => ({ token: w.a.users.agency.user.token, vars: { customer_id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ customer_id: w.a.customerId })),
    unknownId: 'customer_id',
  },
  recordSummary: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { customer_id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ customer_id: w.a.customerId })),
    unknownId: 'customer_id',
  },
  impressionTags: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { customer_id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ customer_id: w.a.customerId })),
    unknownId: 'customer_id',
  },
  saveImpressionTags: {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      vars: { booking_id: await w.fresh.booking(), creative_ids: [w.a.creativeId] },
    }),
    denied: otherTenant(async (w) => ({ booking_id: w.a.bookingId, creative_ids: [w.a.creativeId] })),
    unknownId: 'booking_id',
  },
  deleteImpressionTag: {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, vars: { id: await w.fresh.impressionTag() } }),
    denied: otherTenant(async (w) => ({ id: await w.fresh.impressionTag() })),
    unknownId: 'id',
  },

  // Reference lists
  adminSummary: { ok: async (w) => ({ token: w.a.users.agency.admin.token, vars: {} }), denied: ALL_SEE },
  countries: { ok: async (w) => ({ token: w.a.users.customer.user.token, vars: {} }), denied: ALL_SEE },
  taxonomies: { ok: async (w) => ({ token: w.a.users.customer.user.token, vars: {} }), denied: ALL_SEE },

  // Agencies
  agencies: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { associated: true } }),
    denied: async (w) => ({ token: w.a.users.agency.admin.token, vars: { associated: false }, status: 403 }),
  },
  agency: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { id: w.a.agencyId } }),
    denied: otherTenant(async (w) => ({ id: w.a.agencyId })),
    unknownId: 'id',
  },
  createAgency: {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, vars: { input: { agency_name: 'Matrix Agency' } } }),
    denied: async (w) => ({
      token: w.a.users.agency.admin.token,
      vars: { input: { agency_name: 'Matrix Agency' } },
      status: 403,
    }),
  },
  updateAgency: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { id: await w.fresh.agency(), input: { agency_name: 'Matrix Agency 2' } },
    }),
    denied: async (w) => ({
      token: w.a.users.customer.admin.token,
      vars: { id: w.a.agencyId, input: { agency_name: 'Taken over' } },
      status: 403,
    }),
    unknownId: 'id',
  },
  deleteAgency: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: { id: await w.fresh.agency() } }),
    denied: async (w) => ({ token: w.a.users.customer.admin.token, vars: { id: await w.fresh.agency() }, status: 403 }),
    unknownId: 'id',
  },
  associateAgency: {
    ok: async (w) => {
      const id = await w.fresh.loneAgency();
      return {
        token: w.a.users.customer.admin.token,
        vars: { id, input: { agency_name: await nameOf(w, 'agency', id) } },
      };
    },
    denied: async (w) => {
      const id = await w.fresh.loneAgency();
      return {
        token: w.a.users.customer.user.token,
        vars: { id, input: { agency_name: await nameOf(w, 'agency', id) } },
        status: 403,
      };
    },
    unknownId: 'id',
  },

  // Clients
  customers: {
    ok: async (w) => ({ token: w.a.users.broadcaster.user.token, vars: {} }),
    denied: async (w) => ({ token: w.a.users.customer.admin.token, vars: { associated: false }, status: 403 }),
  },
  customer: {
    ok: async (w) => ({ token: w.a.users.broadcaster.user.token, vars: { id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ id: w.a.customerId })),
    unknownId: 'id',
  },
  createCustomer: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { input: { cust_name: 'Matrix Client', country_code: 'NZ' } },
    }),
    denied: async (w) => ({
      token: w.a.users.customer.admin.token,
      vars: { input: { cust_name: 'Matrix Client' } },
      status: 403,
    }),
  },
  updateCustomer: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { id: await w.fresh.customer(), input: { cust_name: 'Matrix Client 2', country_code: 'NZ' } },
    }),
    denied: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      vars: { id: w.a.customerId, input: { cust_name: 'Taken over' } },
      status: 403,
    }),
    unknownId: 'id',
  },
  // docs/api.md#attribution-settings
  attributionSettings: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { customerId: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ customerId: w.a.customerId })),
    unknownId: 'customerId',
  },
  setAttributionWindows: {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      vars: { customerId: w.a.customerId, touchWindowHours: 336, sameDayWindowHours: 24 },
    }),
    denied: async (w) => ({
      token: w.a.users.customer.user.token,
      vars: { customerId: w.a.customerId, touchWindowHours: 336, sameDayWindowHours: 24 },
      status: 403,
    }),
    unknownId: 'customerId',
  },
  deleteCustomer: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: { id: await w.fresh.customer() } }),
    denied: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      vars: { id: await w.fresh.customer() },
      status: 403,
    }),
    unknownId: 'id',
  },
  associateCustomer: {
    ok: async (w) => {
      const id = await w.fresh.loneCustomer();
      return {
        token: w.a.users.broadcaster.admin.token,
        vars: { id, input: { cust_name: await nameOf(w, 'customer', id) } },
      };
    },
    denied: async (w) => {
      const id = await w.fresh.loneCustomer();
      return {
        token: w.a.users.broadcaster.user.token,
        vars: { id, input: { cust_name: await nameOf(w, 'customer', id) } },
        status: 403,
      };
    },
    unknownId: 'id',
  },

  // Association requests
  associationRequests: {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, vars: {} }),
    denied: async (w) => ({ token: w.a.users.customer.user.token, vars: {}, status: 403 }),
  },
  acceptAssociationRequest: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: { id: await pendingRequest(w) } }),
    denied: async (w) => ({
      token: w.b.users.customer.admin.token,
      vars: { id: await pendingRequest(w) },
      status: 404,
    }),
    unknownId: 'id',
  },
  declineAssociationRequest: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: { id: await pendingRequest(w) } }),
    denied: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      vars: { id: await pendingRequest(w) },
      status: 404,
    }),
    unknownId: 'id',
  },
  withdrawAssociationRequest: {
    ok: async (w) => ({ token: w.a.users.broadcaster.admin.token, vars: { id: await pendingRequest(w) } }),
    denied: async (w) => ({
      token: w.b.users.broadcaster.admin.token,
      vars: { id: await pendingRequest(w) },
      status: 404,
    }),
    unknownId: 'id',
  },

  // Users
  users: {
    ok: async (w) => ({ token: w.a.users.broadcaster.admin.token, vars: {} }),
    denied: async (w) => ({ token: w.a.users.broadcaster.user.token, vars: {}, status: 403 }),
  },
  user: {
    ok: async (w) => ({ token: w.a.users.broadcaster.admin.token, vars: { id: await w.fresh.user() } }),
    denied: async (w) => ({
      token: w.b.users.broadcaster.admin.token,
      vars: { id: await w.fresh.user() },
      status: 404,
    }),
    unknownId: 'id',
  },
  createUser: {
    ok: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      vars: { input: { name: 'Matrix Person', email: w.fresh.email() } },
    }),
    denied: async (w) => ({
      token: w.a.users.broadcaster.user.token,
      vars: { input: { name: 'Matrix Person', email: w.fresh.email() } },
      status: 403,
    }),
  },
  updateUser: {
    ok: async (w) => ({
      token: w.a.users.broadcaster.admin.token,
      vars: { id: await w.fresh.user(), input: { name: 'Matrix Person', email: w.fresh.email() } },
    }),
    denied: async (w) => ({
      token: w.b.users.broadcaster.admin.token,
      vars: { id: await w.fresh.user(), input: { name: 'Matrix Person', email: w.fresh.email() } },
      status: 404,
    }),
    unknownId: 'id',
  },
  deleteUser: {
    ok: async (w) => ({ token: w.a.users.broadcaster.admin.token, vars: { id: await w.fresh.user() } }),
    denied: async (w) => ({
      token: w.b.users.broadcaster.admin.token,
      vars: { id: await w.fresh.user() },
      status: 404,
    }),
    unknownId: 'id',
  },
  createDirectUser: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: {
        input: {
          name: 'Matrix Direct',
          email: w.fresh.email(),
          password: 'Password-123',
          role_id: 2,
          entity_type: 'broadcaster',
          broadcaster_id: w.a.broadcasterId,
        },
      },
    }),
    denied: notSuperAdmin(async (w) => ({
      input: {
        name: 'Matrix Direct',
        email: w.fresh.email(),
        password: 'Password-123',
        broadcaster_id: w.a.broadcasterId,
      },
    })),
  },

  // System organisations (super admin)
  broadcasters: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: 'scoped, not refused: own broadcaster or an empty list',
  },
  createBroadcaster: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { input: { broadcaster_name: 'Matrix TV', country_code: 'NZ' } },
    }),
    denied: notSuperAdmin(async () => ({ input: { broadcaster_name: 'Matrix TV', country_code: 'NZ' } })),
  },
  updateBroadcaster: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { id: await w.fresh.broadcaster(), input: { broadcaster_name: 'Matrix TV 2', country_code: 'NZ' } },
    }),
    denied: notSuperAdmin(async (w) => ({
      id: w.a.broadcasterId,
      input: { broadcaster_name: 'Own TV', country_code: 'NZ' },
    })),
    unknownId: 'id',
  },
  adtechs: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: {} }),
    denied: 'booking forms list publishers for every role',
  },
  createAdtech: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { input: { adtech_name: 'Matrix Ads', country_code: 'NZ' } },
    }),
    denied: notSuperAdmin(async () => ({ input: { adtech_name: 'Matrix Ads', country_code: 'NZ' } })),
  },
  updateAdtech: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { id: await w.fresh.adtech(), input: { adtech_name: 'Matrix Ads 2', country_code: 'NZ' } },
    }),
    denied: async (w) => ({
      token: w.a.users.adtech.admin.token,
      vars: { id: w.a.adtechId, input: { adtech_name: 'Own Ads', country_code: 'NZ' } },
      status: 403,
    }),
    unknownId: 'id',
  },
  adtechGroups: { ok: async (w) => ({ token: w.superAdmin.token, vars: {} }), denied: notSuperAdmin(async () => ({})) },
  createAdtechGroup: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { input: { group_name: 'Matrix Group', adtech_ids: [w.a.adtechId] } },
    }),
    denied: notSuperAdmin(async () => ({ input: { group_name: 'Matrix Group' } })),
  },
  updateAdtechGroup: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { id: await w.fresh.adtechGroup(), input: { group_name: 'Matrix Group 2' } },
    }),
    denied: notSuperAdmin(async (w) => ({ id: await w.fresh.adtechGroup(), input: { group_name: 'Mine' } })),
    unknownId: 'id',
  },
  systemConfiguration: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  databaseStatus: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  channels: {
    ok: async (w) => ({ token: w.a.users.broadcaster.user.token, vars: {} }),
    denied: 'each role lists the channels it may book',
  },
  createChannel: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: { input: { channel_name: 'Matrix Channel', owner_type: 'broadcaster', owner_id: w.a.broadcasterId } },
    }),
    denied: notSuperAdmin(async (w) => ({
      input: { channel_name: 'Own', owner_type: 'broadcaster', owner_id: w.a.broadcasterId },
    })),
  },
  updateChannel: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: {
        id: await w.fresh.channel(),
        input: { channel_name: 'Matrix Channel 2', owner_type: 'broadcaster', owner_id: w.a.broadcasterId },
      },
    }),
    denied: notSuperAdmin(async (w) => ({
      id: w.a.broadcasterChannelId,
      input: { channel_name: 'Renamed', owner_type: 'broadcaster', owner_id: w.a.broadcasterId },
    })),
    unknownId: 'id',
  },
  removeEntity: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: { type: 'agency', id: await w.fresh.agency() } }),
    denied: notSuperAdmin(async (w) => ({ type: 'channel', id: await w.fresh.channel() })),
    unknownId: 'id',
  },
  createRelationship: {
    ok: async (w) => ({
      token: w.superAdmin.token,
      vars: {
        input: {
          country_code: 'NZ',
          source_type: 'client',
          source_id: await w.fresh.loneCustomer(),
          target_type: 'broadcaster',
          target_id: w.a.broadcasterId,
        },
      },
    }),
    denied: notSuperAdmin(async (w) => ({
      input: {
        country_code: 'NZ',
        source_type: 'client',
        source_id: w.b.customerId,
        target_type: 'broadcaster',
        target_id: w.a.broadcasterId,
      },
    })),
  },
  activeUsers: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  dailyActivity: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  alertActivity: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  redisQueueStats: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  redisQueueSummary: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  redisHealth: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  redisInfo: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  redisStrainSummary: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  etlPipelineStatus: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: {} }),
    denied: notSuperAdmin(async () => ({})),
  },
  // docs/security.md#erasure: a household nobody has (nothing removed, still audited).
  eraseHousehold: {
    ok: async (w) => ({ token: w.superAdmin.token, vars: { household_id: '987650001' } }),
    denied: notSuperAdmin(async () => ({ household_id: '987650001' })),
  },

  // Saved views (docs/api.md#saved-views): each user's own; another user's id answers NOT_FOUND
  savedViews: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: {} }),
    denied: ALL_SEE,
  },
  createSavedView: {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      vars: { input: { name: viewName(), query: `client=${w.a.customerId}` } },
    }),
    denied: ALL_SEE,
  },
  updateSavedView: {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      vars: { id: await freshView(w), input: { name: viewName() } },
    }),
    denied: async (w) => ({
      token: w.a.users.customer.user.token,
      vars: { id: await freshView(w), input: { name: viewName() } },
      status: 404,
    }),
    unknownId: 'id',
  },
  deleteSavedView: {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, vars: { id: await freshView(w) } }),
    denied: async (w) => ({ token: w.a.users.customer.user.token, vars: { id: await freshView(w) }, status: 404 }),
    unknownId: 'id',
  },
  // API keys
  apiKeys: {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, vars: {} }),
    denied: async (w) => ({ token: w.a.users.customer.user.token, vars: {}, status: 403 }),
  },
  createApiKey: {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      vars: { input: { name: 'Matrix key', scopes: ['read'] } },
    }),
    denied: async (w) => ({
      token: w.a.users.customer.user.token,
      vars: { input: { name: 'Matrix key', scopes: ['read'] } },
      status: 403,
    }),
  },
  rotateApiKey: {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, vars: { id: await freshKey(w) } }),
    denied: otherTenant(async (w) => ({ id: await freshKey(w) })),
    unknownId: 'id',
  },
  revokeApiKey: {
    ok: async (w) => ({ token: w.a.users.customer.admin.token, vars: { id: await freshKey(w) } }),
    denied: otherTenant(async (w) => ({ id: await freshKey(w) })),
    unknownId: 'id',
  },
  // Annotations (docs/design.md#annotations): whoever sees the customer reads, adds, edits and removes its notes
  annotations: {
    ok: async (w) => ({
      token: w.a.users.customer.user.token,
      vars: { client_id: w.a.customerId, ...annotationRange() },
    }),
    denied: otherTenant(async (w) => ({ client_id: w.a.customerId, ...annotationRange() })),
    unknownId: 'client_id',
  },
  createAnnotation: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { input: annotationBody(w) } }),
    denied: otherTenant(async (w) => ({ input: annotationBody(w) })),
  },
  updateAnnotation: {
    ok: async (w) => ({
      token: w.a.users.customer.user.token,
      vars: { id: await freshAnnotation(w), input: { note: 'Edited note', end_date: isoDay(3) } },
    }),
    denied: otherTenant(async (w) => ({ id: await freshAnnotation(w), input: { note: 'Taken over' } })),
    unknownId: 'id',
  },
  deleteAnnotation: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { id: await freshAnnotation(w) } }),
    denied: otherTenant(async (w) => ({ id: await freshAnnotation(w) })),
    unknownId: 'id',
  },

  // Alerts (docs/api.md#alerts): a customer's rules for whoever sees it; the bell and its read marks are a person's
  alerts: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: {} }),
    denied: 'scoped, not refused: each user sees the alerts of the customers they see',
  },
  markAlertsRead: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { ids: [await freshAlert(w)] } }),
    denied: 'scoped, not refused: ids of alerts the caller cannot see are ignored like unknown ids',
  },
  alertRules: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { customer_id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ customer_id: w.a.customerId })),
    unknownId: 'customer_id',
  },
  updateAlertRule: {
    ok: async (w) => ({
      token: w.a.users.customer.admin.token,
      vars: { id: await alertRuleOf(w), input: alertRuleBody(w) },
    }),
    denied: otherTenant(async (w) => ({ id: await alertRuleOf(w), input: { enabled: false } })),
    unknownId: 'id',
  },

  // Scheduled reports (docs/api.md#scheduled-reports): whoever sees the customer schedules its reports
  reportSchedules: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { customer_id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ customer_id: w.a.customerId })),
    unknownId: 'customer_id',
  },
  mailRecipientOptions: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { customer_id: w.a.customerId } }),
    denied: otherTenant(async (w) => ({ customer_id: w.a.customerId })),
    unknownId: 'customer_id',
  },
  createReportSchedule: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { input: scheduleBody(w) } }),
    denied: otherTenant(async (w) => ({ input: scheduleBody(w) })),
  },
  updateReportSchedule: {
    ok: async (w) => ({
      token: w.a.users.customer.user.token,
      vars: { id: await freshSchedule(w), input: { ...scheduleBody(w), frequency: 'monthly', day: 28, hour: 23 } },
    }),
    denied: otherTenant(async (w) => ({ id: await freshSchedule(w), input: { enabled: false } })),
    unknownId: 'id',
  },
  deleteReportSchedule: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { id: await freshSchedule(w) } }),
    denied: otherTenant(async (w) => ({ id: await freshSchedule(w) })),
    unknownId: 'id',
  },
  sendReportNow: {
    ok: async (w) => ({ token: w.a.users.customer.user.token, vars: { id: await freshSchedule(w) } }),
    denied: otherTenant(async (w) => ({ id: await freshSchedule(w) })),
    unknownId: 'id',
  },

  logout: {
    public: true,
    ok: async (w) => ({ vars: { token: await w.fresh.refreshToken() } }),
    denied: 'public call',
  },
};
