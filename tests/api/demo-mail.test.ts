import { startDemoMail, type DemoMail } from '../../gateway/src/dev/demo-mail';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

// `npm run demo` without SMTP_URL: the same catcher and mailbox the demo starts, in front of a real gateway.
const PUBLIC_URL = 'http://localhost:4000';

let t: TestGateway;
let mail: DemoMail;
const printed: string[] = [];

beforeAll(async () => {
  mail = await startDemoMail({ log: (line) => printed.push(line) });
  t = await startTestGateway({ SMTP_URL: mail.smtpUrl, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const login = (email: string, password: string) => call(t.url, 'POST', '/api/login', { body: { email, password } });

test('a forgot-password mail reaches the demo mailbox and its link resets the password', async () => {
  const u = await makeUser(t, { entityType: 'CUSTOMER', entityId: 1, admin: false, password: 'Old-password-1' });
  const empty = await fetch(mail.mailboxUrl);
  expect(await empty.text()).toContain('No mail yet.');

  const asked = await call(t.url, 'POST', '/api/password-reset', { body: { email: u.email } });
  expect(asked.status).toBe(200);
  await mail.catcher.waitFor((m) => m.to.includes(u.email));

  // The mailbox lists it with its reset link, as a page and as JSON; the console shows the link too.
  const listed = (await (await fetch(`${mail.mailboxUrl}/messages.json`)).json()) as {
    to: string[];
    links: string[];
  }[];
  const mine = listed.filter((m) => m.to.includes(u.email));
  expect(mine).toHaveLength(1);
  const link = mine[0].links.find((l) => l.startsWith(`${PUBLIC_URL}/reset-password?token=`));
  expect(link).toBeDefined();
  const page = await (await fetch(mail.mailboxUrl)).text();
  expect(page).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
  expect(printed.join('\n')).toContain(`[mail] to ${u.email}`);
  expect(printed.join('\n')).toContain(link);

  // Following the link: the token it carries resets the password.
  const token = new URL(link!).searchParams.get('token')!;
  const reset = await call(t.url, 'POST', '/api/reset-password', { body: { token, new_password: 'New-password-2' } });
  expect(reset.status).toBe(200);
  expect((await login(u.email, 'Old-password-1')).status).toBe(401);
  expect((await login(u.email, 'New-password-2')).status).toBe(200);
});

test('the mailbox escapes what a mail carries and answers only GET', async () => {
  await t.gateway.app.mailer.send({ to: 'x@test.infinitum', subject: '<script>alert(1)</script>', text: 'a <b>' });
  await mail.catcher.waitFor((m) => m.to.includes('x@test.infinitum'));
  const page = await (await fetch(mail.mailboxUrl)).text();
  expect(page).not.toContain('<script>alert(1)</script>');
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect((await fetch(mail.mailboxUrl, { method: 'POST' })).status).toBe(405);
  expect((await fetch(`${mail.mailboxUrl}/nope`)).status).toBe(404);
});
