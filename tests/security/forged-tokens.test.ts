import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { signAccessToken } from '../../gateway/src/modules/auth/access-token';
import { makeUser } from '../support/actors';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/**
 * Forged access tokens (item 9): each is refused with 401 on both transports, and a real token
 * of the same user is accepted (so the refusals are about the forgery, not the user).
 */
let t: TestGateway;
let userId: number;
let broadcasterId: number;

beforeAll(async () => {
  t = await startTestGateway();
  const b: { insertId: number } = await t.gateway.app.ds.query(
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Forgery TV', 'NZ')",
  );
  broadcasterId = b.insertId;
  userId = (await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false })).actor.userId;
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const claims = () => ({
  sub: String(userId),
  typ: 'access',
  role: 'ROLE_BROADCASTER_USER',
  eid: broadcasterId,
  name: 'Forger',
  email: 'forger@test.infinitum',
  iat: now(),
  exp: now() + 600,
  iss: 'infinitum',
  aud: 'infinitum-api',
});
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const refusedEverywhere = async (token: string) => {
  const rest = await call(t.url, 'GET', '/api/me', { token });
  const graph = await call(t.url, 'POST', '/graphql', { token, body: { query: '{ me { email } }' } });
  return [rest.status, graph.status, graph.body.errors?.[0]?.extensions?.code];
};

test('a genuine token is accepted (control)', async () => {
  const token = jwt.sign(claims(), t.config.JWT_SECRET, { algorithm: 'HS256' });
  expect((await call(t.url, 'GET', '/api/me', { token })).status).toBe(200);
});

const forgeries: [string, () => Promise<string> | string][] = [
  ['alg none, no signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
  ['alg none, upper case', () => `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(claims())}.`],
  ['RS256 signed with the attacker’s own key', () => jwt.sign(claims(), privateKey, { algorithm: 'RS256' })],
  [
    'HS/RS confusion: HS256 keyed with a public key',
    () => jwt.sign(claims(), publicPem, { algorithm: 'HS256', allowInsecureKeySizes: true } as jwt.SignOptions),
  ],
  [
    'HS512 with the right secret (algorithm pinned)',
    () => jwt.sign(claims(), t.config.JWT_SECRET, { algorithm: 'HS512' }),
  ],
  ['signed with another secret', () => jwt.sign(claims(), 'x'.repeat(64), { algorithm: 'HS256' })],
  [
    'no exp',
    () => {
      const { exp: _e, ...c } = claims();
      return jwt.sign(c, t.config.JWT_SECRET, { algorithm: 'HS256' });
    },
  ],
  [
    'no iat',
    () => {
      const { iat: _i, ...c } = claims();
      return jwt.sign(c, t.config.JWT_SECRET, { algorithm: 'HS256', noTimestamp: true });
    },
  ],
  ['expired', () => jwt.sign({ ...claims(), iat: now() - 3600, exp: now() - 2700 }, t.config.JWT_SECRET)],
  ['wrong audience', () => jwt.sign({ ...claims(), aud: 'another-api' }, t.config.JWT_SECRET)],
  ['wrong issuer', () => jwt.sign({ ...claims(), iss: 'someone-else' }, t.config.JWT_SECRET)],
  ['not an access token (typ refresh)', () => jwt.sign({ ...claims(), typ: 'refresh' }, t.config.JWT_SECRET)],
  [
    'role raised in a re-encoded payload',
    () => {
      const [h, , s] = jwt.sign(claims(), t.config.JWT_SECRET).split('.');
      return `${h}.${b64({ ...claims(), role: 'ROLE_ADMIN' })}.${s}`;
    },
  ],
  [
    'role raised by the holder of a valid token of another role',
    () => jwt.sign({ ...claims(), role: 'ROLE_ADMIN', eid: 0 }, t.config.JWT_SECRET),
  ],
  [
    'a refresh token used as an access token',
    async () => (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.refresh_token as string,
  ],
  ['garbage', () => 'not.a.jwt'],
];

test.each(forgeries)('%s: 401 on REST and GraphQL', async (_name, make) => {
  expect(await refusedEverywhere(await make())).toEqual([401, 401, 'UNAUTHENTICATED']);
});

test('the gateway’s own signer still produces accepted tokens', async () => {
  const u = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false });
  expect((await call(t.url, 'GET', '/api/me', { token: signAccessToken(t.config.JWT_SECRET, u.actor) })).status).toBe(
    200,
  );
});
