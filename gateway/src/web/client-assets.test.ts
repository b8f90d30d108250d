import type { AddressInfo } from 'node:net';
import express from 'express';
import { mountClientAssets } from './client-assets';

test('a gateway without a built client answers its routes with a 503 that says so, and leaves the APIs alone', async () => {
  const web = express();
  expect(mountClientAssets(web, '/nonexistent/client/dist')).toBe(false);
  const server = web.listen(0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const page = await fetch(`${url}/dashboard`);
    expect(page.status).toBe(503);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('The web client is not built on this server: run `npm run build`');
    const api = await fetch(`${url}/api/me`);
    expect(api.status).toBe(404); // not the client's: passed on
    const post = await fetch(`${url}/`, { method: 'POST' });
    expect(post.status).toBe(404);
  } finally {
    server.close();
  }
});
