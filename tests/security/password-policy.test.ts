import { createOneTimeToken } from '../../gateway/src/modules/auth/one-time-tokens';
import { isCommonPassword } from '../../gateway/src/modules/auth/password-policy';
import { makeUser } from '../support/actors';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';

/**
 * One password policy everywhere (item 6): at least 8 characters, up to 128 (any 64-character
 * passphrase fits), not one of the 10,000 most common passwords, text only. Reset, the invitation's
 * set-password link (the same reset call) and the super admin's direct user all answer alike.
 */
let t: TestGateway;
let broadcasterId: number;
let adminToken: string;

beforeAll(async () => {
  t = await startTestGateway();
  const b: { insertId: number } = await t.gateway.app.ds.query(
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Policy TV', 'NZ')",
  );
  broadcasterId = b.insertId;
  adminToken = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token;
});
afterAll(() => t.close());

const PASSPHRASE_64 = 'correct horse battery staple and a long walk by the harbour again'.slice(0, 64);

async function resetWith(newPassword: unknown) {
  const u = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false });
  const token = await createOneTimeToken(t.gateway.app.ds.manager, u.actor.userId, 'reset');
  const r = await call(t.url, 'POST', '/api/reset-password', { body: { token, new_password: newPassword } });
  return { r, u };
}

test('the list is the offline top 10,000 and is matched regardless of case', () => {
  expect(isCommonPassword('password')).toBe(true);
  expect(isCommonPassword('TrustNo1')).toBe(true);
  expect(isCommonPassword('qwertyuiop')).toBe(true);
  expect(isCommonPassword('Demo-password-1')).toBe(false);
});

describe('password reset (and the invitation set-password link, which is the same call)', () => {
  test.each([
    ['trustno1', 'New password is one of the most common passwords; please choose one that is harder to guess'],
    ['Qwertyuiop', 'New password is one of the most common passwords; please choose one that is harder to guess'],
    ['Short-7', 'New password must be at least 8 characters'],
    ['x'.repeat(129), 'New password must be at most 128 characters'],
    [{ $gt: '' }, 'New password must be text.'],
    [12345678, 'New password must be text.'],
    [true, 'New password must be text.'],
    ['with\u0000nul-inside', 'New password must not contain control characters.'],
  ])('%p is refused with the field message, and the old password still works', async (pw, message) => {
    const { r, u } = await resetWith(pw);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ new_password: message });
    expect((await call(t.url, 'POST', '/api/login', { body: { email: u.email, password: u.password } })).status).toBe(
      200,
    );
  });

  test('a 64-character passphrase (and one of 128) is accepted and signs in', async () => {
    for (const pw of [PASSPHRASE_64, 'y'.repeat(50) + PASSPHRASE_64.slice(0, 78)]) {
      const { r, u } = await resetWith(pw);
      expect(r.status).toBe(200);
      const login = await call(t.url, 'POST', '/api/login', { body: { email: u.email, password: pw } });
      expect(login.status).toBe(200);
    }
  });

  test('GraphQL answers the same field message', async () => {
    const u = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false });
    const token = await createOneTimeToken(t.gateway.app.ds.manager, u.actor.userId, 'reset');
    const r = await gql(
      t.url,
      'mutation ($t: String!, $p: String!) { resetPassword(token: $t, new_password: $p) { message } }',
      {
        t: token,
        p: 'password1',
      },
    );
    expect(r.errors?.[0].extensions?.fields).toEqual({
      new_password: 'New password is one of the most common passwords; please choose one that is harder to guess',
    });
  });
});

describe('direct user created by the super admin', () => {
  const create = (password: unknown, email: string) =>
    call(t.url, 'POST', '/api/admin/users/direct', {
      token: adminToken,
      body: { name: 'Policy User', email, password, broadcaster_id: broadcasterId },
    });
  const stored = async (email: string) =>
    Number((await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM user WHERE email = ?', [email]))[0].n);

  test.each([
    ['iloveyou1', 'Password is one of the most common passwords; please choose one that is harder to guess'],
    ['Short-7', 'Password must be at least 8 characters'],
    [{ toString: 'x' }, 'Password must be text.'],
    [['Not', 'text'], 'Password must be text.'],
  ])('%p is refused and nothing is stored', async (pw, message) => {
    const email = `policy-${Math.random().toString(36).slice(2, 8)}@test.infinitum`;
    const r = await create(pw, email);
    expect(r.status).toBe(400);
    expect(r.body.fields).toMatchObject({ password: message });
    expect(await stored(email)).toBe(0);
  });

  test('a 64-character passphrase is accepted', async () => {
    const email = `policy-ok-${Math.random().toString(36).slice(2, 8)}@test.infinitum`;
    expect((await create(PASSPHRASE_64, email)).status).toBe(200);
    expect((await call(t.url, 'POST', '/api/login', { body: { email, password: PASSPHRASE_64 } })).status).toBe(200);
  });
});
