import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MailCatcher, ReceivedMail } from './mail-catcher';

// The demo's mailbox: the mails the catcher holds, newest first, as a page (links clickable) and as
// JSON. Only `npm run demo` starts it, on its own local port; the server never imports it.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The http(s) links in a mail's text (reset and invitation links). */
export const linksOf = (mail: Pick<ReceivedMail, 'text'>): string[] => mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

function page(messages: ReceivedMail[]): string {
  const items = [...messages]
    .reverse()
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject || '(no subject)')}</h2>
  <p class="meta">To ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.receivedAt.toISOString())}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo mailbox · Infinitum</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 16px; color: #1a202c; }
  article { border: 1px solid #e2e8f0; border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
  h2 { font-size: 1.1rem; margin: 0 0 4px; }
  .meta { color: #4a5568; margin: 0 0 8px; font-size: 0.9rem; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-family: inherit; }
</style>
</head>
<body>
<h1>Demo mailbox</h1>
<p>Every mail the demo sent (password resets, invitations), newest first. Reload to see new ones.</p>
${items || '<p>No mail yet. Ask for a password reset on the sign-in page, or invite a user.</p>'}
</body>
</html>`;
}

export interface Mailbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the catcher's mails at `/` (HTML) and `/messages.json` on 127.0.0.1. */
export async function startMailbox(catcher: MailCatcher, port = 0): Promise<Mailbox> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') {
      res.writeHead(405, { Allow: 'GET' }).end();
    } else if (path === '/messages.json') {
      const body = catcher.messages.map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        links: linksOf(m),
        received_at: m.receivedAt.toISOString(),
      }));
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    } else if (path === '/') {
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(page(catcher.messages));
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
