import { issueInvitation } from '../../gateway/src/modules/auth/auth.service';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp';

const PUBLIC_URL = 'http://infinitum.example.test';
const OLD_PASSWORD = 'Old-password-1';
const NEW_PASSWORD = 'New-password-2';

let t: TestGateway;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const login = (email: string, password: string) => call(t.url, 'POST', '/api/login', { body: { email, password } });
const mailTo = (email: string, subject: RegExp) => smtp.waitFor((m) => m.to.includes(email) && subject.test(m.subject));

/** The token of the first link in the email that starts with `prefix`. */
function linkToken(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return decodeURIComponent(m[1]);
}
const resetToken = (mail: ReceivedMail) => linkToken(mail, `${PUBLIC_URL}/reset-password?token=`);

const newUser = () => makeUser(t, { entityType: 'CUSTOMER', entityId: 1, admin: false, password: OLD_PASSWORD });

describe('password reset', () => {
  test('end to end: email, verify, reset, old password fails, new works, link is single use', async () => {
    const u = await newUser();
    const session = (await login(u.email, OLD_PASSWORD)).body.refresh_token as string;

    const asked = await call(t.url, 'POST', '/api/password-reset', { body: { email: u.email } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: 'Password reset link has been sent to your email.' });
    const token = resetToken(await mailTo(u.email, /reset/i));
    expect(token.length).toBeGreaterThanOrEqual(22);

    const verified = await call(t.url, 'GET', `/api/verify-reset-token?token=${encodeURIComponent(token)}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ valid: true });
    const graphVerify = await gql(t.url, 'query ($t: String!) { verifyResetToken(token: $t) { valid } }', { t: token });
    expect(graphVerify.data.verifyResetToken).toEqual({ valid: true });

    const reset = await call(t.url, 'POST', '/api/reset-password', { body: { token, new_password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Password updated successfully.' });

    expect((await login(u.email, OLD_PASSWORD)).status).toBe(401);
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
    // Sessions from before the reset are signed out.
    expect((await call(t.url, 'POST', '/api/refresh-token', { body: { token: session } })).status).toBe(401);

    const reuse = await call(t.url, 'POST', '/api/reset-password', {
      body: { token, new_password: 'Third-password-3' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('Invalid or expired reset token.');
    const reverify = await call(t.url, 'GET', `/api/verify-reset-token?token=${encodeURIComponent(token)}`);
    expect(reverify.status).toBe(400);
    expect(reverify.body.message).toBe('Invalid or expired reset token.');
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('an expired link is refused', async () => {
    const u = await newUser();
    await call(t.url, 'POST', '/api/password-reset', { body: { email: u.email } });
    const token = resetToken(await mailTo(u.email, /reset/i));
    await t.gateway.app.ds.query('UPDATE one_time_token SET expires_at = ? WHERE token_hash = SHA2(?, 256)', [
      new Date(Date.now() - 60_000),
      token,
    ]);
    const verified = await call(t.url, 'GET', `/api/verify-reset-token?token=${encodeURIComponent(token)}`);
    expect(verified.status).toBe(400);
    expect(verified.body.message).toBe('Invalid or expired reset token.');
    const reset = await call(t.url, 'POST', '/api/reset-password', { body: { token, new_password: NEW_PASSWORD } });
    expect(reset.status).toBe(400);
    expect((await login(u.email, OLD_PASSWORD)).status).toBe(200);
  });

  test('an unknown email gets the same answer and no email is sent', async () => {
    const unknown = 'nobody-here@test.infinitum';
    const r = await call(t.url, 'POST', '/api/password-reset', { body: { email: unknown } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Password reset link has been sent to your email.' });
    // A request for a known address made afterwards arrives; the unknown one still has nothing.
    const u = await newUser();
    await call(t.url, 'POST', '/api/password-reset', { body: { email: u.email } });
    await mailTo(u.email, /reset/i);
    expect(smtp.to(unknown)).toEqual([]);
  });

  test('at most 5 reset emails an hour go to one address; the answer never changes', async () => {
    const u = await newUser();
    for (let i = 0; i < 6; i++) {
      const r = await call(t.url, 'POST', '/api/password-reset', { body: { email: u.email } });
      expect(r.body).toEqual({ message: 'Password reset link has been sent to your email.' });
    }
    const other = await newUser();
    await call(t.url, 'POST', '/api/password-reset', { body: { email: other.email } });
    await mailTo(other.email, /reset/i);
    expect(smtp.to(u.email)).toHaveLength(5);
  });

  test('over GraphQL too, with the same messages', async () => {
    const u = await newUser();
    const asked = await gql(t.url, 'mutation ($e: String!) { requestPasswordReset(email: $e) { message } }', {
      e: u.email,
    });
    expect(asked.data.requestPasswordReset.message).toBe('Password reset link has been sent to your email.');
    const token = resetToken(await mailTo(u.email, /reset/i));
    const RESET = 'mutation ($t: String!, $p: String!) { resetPassword(token: $t, new_password: $p) { message } }';
    expect((await gql(t.url, RESET, { t: token, p: NEW_PASSWORD })).data.resetPassword.message).toBe(
      'Password updated successfully.',
    );
    const again = await gql(t.url, RESET, { t: token, p: NEW_PASSWORD });
    expect(again.errors?.[0].message).toBe('Invalid or expired reset token.');
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('bad input is a 400 naming the field', async () => {
    const noEmail = await call(t.url, 'POST', '/api/password-reset', { body: { email: 'not an email' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.fields).toEqual({ email: 'Please enter a valid email address' });
    const short = await call(t.url, 'POST', '/api/reset-password', {
      body: { token: 'x'.repeat(43), new_password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields).toHaveProperty('new_password');
    const missing = await call(t.url, 'POST', '/api/reset-password', { body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['new_password', 'token']);
    expect((await call(t.url, 'GET', '/api/verify-reset-token')).status).toBe(400);
  });
});

describe('invitation', () => {
  test('an invited user cannot sign in until accepting; accepting activates and emails a set-password link', async () => {
    const u = await newUser();
    await t.gateway.app.ds.query('UPDATE user SET active = 0 WHERE id = ?', [u.actor.userId]);
    await issueInvitation(t.gateway.app, u.actor.userId);
    const invitation = await mailTo(u.email, /invited/i);
    const token = linkToken(invitation, `${PUBLIC_URL}/accept-invitation/`);

    expect((await login(u.email, OLD_PASSWORD)).status).toBe(401);

    const accepted = await call(t.url, 'POST', '/api/accept-invitation', { body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ message: 'Invitation accepted successfully.' });
    const [row]: { active: number }[] = await t.gateway.app.ds.query('SELECT active FROM user WHERE id = ?', [
      u.actor.userId,
    ]);
    expect(Number(row.active)).toBe(1);

    const setPassword = resetToken(await mailTo(u.email, /set your/i));
    const reset = await call(t.url, 'POST', '/api/reset-password', {
      body: { token: setPassword, new_password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);

    const second = await call(t.url, 'POST', '/api/accept-invitation', { body: { token } });
    expect(second.status).toBe(400);
    const graph = await gql(t.url, 'mutation ($t: String!) { acceptInvitation(token: $t) { message } }', { t: token });
    expect(graph.errors?.[0].extensions?.code).toBe('BAD_REQUEST');
  });

  test('an unknown invitation token is refused', async () => {
    const r = await call(t.url, 'POST', '/api/accept-invitation', { body: { token: 'a'.repeat(43) } });
    expect(r.status).toBe(400);
  });
});
