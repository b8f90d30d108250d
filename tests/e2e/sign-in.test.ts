import { issueInvitation } from '../../gateway/src/modules/auth/auth.service';
import { makeUser } from '../support/actors';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { overviewLoaded, signIn, signOut } from './flows';

jest.setTimeout(120_000);

let t: TestGateway;
let smtp: SmtpSink;
let b: TestBrowser;

beforeAll(async () => {
  ensureClientBuilt();
  smtp = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: smtp.url });
  b = await openBrowser(t.url);
});

afterAll(async () => {
  await b?.close();
  await t?.close();
  await smtp?.close();
});

/** The path and query of the first link to the gateway's public URL in an email. */
const linkIn = (text: string, route: string) => {
  const m = new RegExp(`https?://[^\\s]+(${route}[^\\s]*)`).exec(text);
  if (!m) throw new Error(`no ${route} link in: ${text}`);
  return m[1];
};

const toast = (text: string) => b.page.getByTestId('toast').filter({ hasText: text });

describe('login page', () => {
  it('welcomes, shows the password on request and explains a rejected sign-in', async () => {
    const { page } = b;
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await expect(page.getByText('Discover the power of connected advertising.').first().isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('img', { name: 'Infinitum' }).first().isVisible()).resolves.toBe(true);

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-the-password');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();

    await page.getByLabel('Email').fill('admin@test.infinitum');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed. Please check your credentials.' }).waitFor();
    await b.screenshot('login-failed');
  });

  it('links the Platform License Agreement with its terms', async () => {
    const { page } = b;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Platform License Agreement' }).click();
    await page.waitForURL('**/license');
    await page.getByRole('heading', { name: 'Platform License Agreement' }).waitFor();
    for (const term of [
      'Chrome 61',
      'Firefox 60',
      'Edge 79',
      'Safari 11',
      'Opera 48',
      'New Zealand',
      '3 working days',
    ]) {
      await expect(page.getByText(term).first().isVisible()).resolves.toBe(true);
    }
    await b.screenshot('license');
  });
});

describe('forgot password -> email -> reset -> sign in with the new password', () => {
  it('goes the whole way through the SMTP sink', async () => {
    const { page } = b;
    const user = await makeUser(t, { entityType: 'AGENCY', entityId: 1, admin: false, name: 'Tama Reset' });

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Email is required.').waitFor();
    await dialog.getByLabel('Email').fill(user.email);
    await b.screenshot('forgot-password-dialog');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await toast('Password reset link has been sent to your email.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(300); // the toast's entrance animation
    await b.screenshot('forgot-password-sent');

    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    await page.goto(linkIn(mail.text, '/reset-password'));
    await page.getByLabel('New Password', { exact: true }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('Brand-new-pass-42');
    await page.getByLabel('Confirm New Password').fill('Brand-new-pass-43');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match.' }).waitFor();
    await b.screenshot('reset-password-mismatch');

    await page.getByLabel('Confirm New Password').fill('Brand-new-pass-42');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast('Password reset successful.').waitFor();
    await page.waitForURL('**/login');

    await signIn(page, user.email, 'Brand-new-pass-42');
    await overviewLoaded(page);
    await page.getByText('No data available').waitFor();
    await b.screenshot('overview-no-bookings');
    await signOut(page);

    // The link is single use.
    await page.goto(linkIn(mail.text, '/reset-password'));
    await toast('Invalid or expired reset token.').waitFor();
    await page.waitForURL('**/login');
  });

  it("without a token says 'No token provided.' and goes to the start", async () => {
    const { page } = b;
    // The toast lives 2.5 s while the page moves on to /login: record every toast the page shows, so a
    // slow poll cannot miss it.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid="toast"]')) {
          const text = el.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/reset-password');
    await page.waitForURL('**/login');
    await page.waitForFunction(() =>
      (window as unknown as { toastsSeen: string[] }).toastsSeen.some((t) => t.includes('No token provided.')),
    );
  });
});

describe('accept invitation', () => {
  it('accepts a live invitation once, then reports the problem', async () => {
    const { page } = b;
    const invited = await makeUser(t, { entityType: 'CUSTOMER', entityId: 1, admin: false, name: 'Ana Invited' });
    await t.gateway.app.ds.query('UPDATE user SET active = 0 WHERE email = ?', [invited.email]);
    await issueInvitation(t.gateway.app, invited.actor.userId);
    const mail = await smtp.waitFor((m) => m.to.includes(invited.email) && m.text.includes('/accept-invitation/'));
    const link = linkIn(mail.text, '/accept-invitation/');

    await page.goto(link);
    await page.getByText('Thank you! Your invitation has been accepted successfully.').waitFor();
    await b.screenshot('accept-invitation-accepted');
    await page.goto(link);
    await page.getByText('Sorry, there was a problem accepting the invitation. Please try again later.').waitFor();
    await b.screenshot('accept-invitation-failed');
  });
});
