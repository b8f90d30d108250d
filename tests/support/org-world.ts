import { makeUser } from './actors';
import { SUPER_ADMIN, startTestGateway, type TestGateway } from './gateway';
import { call } from './http';

/**
 * A gateway with the organisations the agency and client suites work on: a broadcaster related to
 * nothing yet, a second broadcaster in another country, an agency and an adtech, made through the API
 * as the super admin, plus a signed-in admin and user of each.
 */
export interface OrgWorld {
  t: TestGateway;
  admin: string;
  world: { broadcaster: number; otherBroadcaster: number; agency: number; adtech: number };
  tokens: Record<
    | 'broadcasterAdmin'
    | 'broadcasterUser'
    | 'soloBroadcasterAdmin'
    | 'soloBroadcasterUser'
    | 'agencyAdmin'
    | 'agencyUser'
    | 'adtechAdmin'
    | 'adtechUser',
    string
  >;
  db<T = any>(sql: string, params?: unknown[]): Promise<T[]>;
}

export async function startOrgWorld(): Promise<OrgWorld> {
  const t = await startTestGateway();
  const login = await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN });
  const admin: string =
    login.status === 200 && login.body.access_token
      ? login.body.access_token
      : (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  const create = async (path: string, body: Record<string, unknown>): Promise<number> =>
    (await call(t.url, 'POST', path, { token: admin, body })).body.id;
  const world = {
    broadcaster: await create('/api/broadcasters', {
      broadcaster_name: 'Kiwi TV',
      country_code: 'NZ',
      country_list: ['AU'],
    }),
    otherBroadcaster: await create('/api/broadcasters', { broadcaster_name: 'Solo TV', country_code: 'GB' }),
    agency: await create('/api/agencies', { agency_name: 'Media House' }),
    adtech: await create('/api/adtechs', { adtech_name: 'Ad Stack', country_code: 'NZ' }),
  };
  const token = async (entityType: 'BROADCASTER' | 'AGENCY' | 'ADTECH', entityId: number, isAdmin: boolean) =>
    (await makeUser(t, { entityType, entityId, admin: isAdmin })).token;
  const tokens: OrgWorld['tokens'] = {
    broadcasterAdmin: await token('BROADCASTER', world.broadcaster, true),
    broadcasterUser: await token('BROADCASTER', world.broadcaster, false),
    // Associating an existing client or agency is for an organisation's admin (association-policy.ts).
    soloBroadcasterAdmin: await token('BROADCASTER', world.otherBroadcaster, true),
    soloBroadcasterUser: await token('BROADCASTER', world.otherBroadcaster, false),
    agencyAdmin: await token('AGENCY', world.agency, true),
    agencyUser: await token('AGENCY', world.agency, false),
    adtechAdmin: await token('ADTECH', world.adtech, true),
    adtechUser: await token('ADTECH', world.adtech, false),
  };
  return { t, admin, world, tokens, db: (sql, params = []) => t.gateway.app.ds.query(sql, params) };
}
