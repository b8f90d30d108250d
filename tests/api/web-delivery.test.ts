import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ensureClientBuilt } from '../support/browser';
import { startTestGateway, type TestGateway } from '../support/gateway';

/** Raw HTTP (no automatic decompression), so the test sees what a browser receives. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

let t: TestGateway;
let entryScript: string;
beforeAll(async () => {
  ensureClientBuilt();
  const manifest = JSON.parse(readFileSync(join(__dirname, '../../client/dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  entryScript = `/${Object.values(manifest).find((c) => c.isEntry)!.file}`;
  t = await startTestGateway();
}, 300_000);
afterAll(() => t?.close());

test('built scripts are sent pre-compressed with brotli, else gzip, and cached for a year as immutable', async () => {
  const br = await get(t.url + entryScript, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers['content-type']).toMatch(/javascript/);
  const plain = readFileSync(join(__dirname, '../../client/dist', entryScript));
  expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
  expect(br.body.length).toBeLessThan(plain.length / 2);

  const gz = await get(t.url + entryScript, { 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).equals(plain)).toBe(true);

  const none = await get(t.url + entryScript);
  expect(none.headers['content-encoding']).toBeUndefined();
  expect(none.body.equals(plain)).toBe(true);
});

test('every client route answers index.html compressed and revalidated; a missing asset is a 404', async () => {
  for (const path of ['/login', '/dashboard?customer=3', '/no/such/page']) {
    const r = await get(t.url + path, { 'accept-encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(r.body).toString()).toContain('<div id="root">');
  }
  expect((await get(`${t.url}/assets/no-such-chunk.js`)).status).toBe(404);
});

test("a page the build drew a shell of answers that shell: index.html's scripts with its header and heading in #root", async () => {
  const index = brotliDecompressSync((await get(`${t.url}/campaigns`, { 'accept-encoding': 'br' })).body).toString();
  expect(index).toContain('<div id="root"></div>');
  for (const [path, heading] of [
    ['/overview', 'Campaign Overview'],
    ['/dashboard?customer=3', 'Advanced analytics'],
  ]) {
    const r = await get(t.url + path, { 'accept-encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(r.body).toString();
    expect(html).toContain(`<h1>${heading}</h1>`);
    // The signed-in app's global CSS, which the build writes as a stylesheet, starts downloading with the
    // shell: print-only, so it neither holds back nor restyles the shell's paint.
    const link =
      / *<link rel="stylesheet" href="(\/assets\/app-global-[0-9a-f]{10}\.css)" media="print" data-app-css>\n/;
    const href = link.exec(html)?.[1];
    expect(href).toBeDefined();
    const css = await get(t.url + href, { 'accept-encoding': 'br' });
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(css.body).toString()).toContain('--chakra-colors-primary:');
    // The same document around them: the shell only fills #root and links that stylesheet.
    expect(html.replace(link, '').replace(/<div id="root">.*<\/div>\n/s, '<div id="root"></div>\n')).toBe(index);
  }
});

test('robots.txt is a real text file and the page has a description', async () => {
  const robots = await get(`${t.url}/robots.txt`);
  expect(robots.headers['content-type']).toMatch(/text\/plain/);
  expect(robots.body.toString()).toMatch(/^User-agent: \*\nDisallow: \/api\//);
  const html = (await get(`${t.url}/login`)).body.toString();
  expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
});

test('API answers are compressed above 1 KB and never kept by shared caches', async () => {
  const big = await get(`${t.url}/api/openapi.json`, { 'accept-encoding': 'gzip, br' });
  expect(big.status).toBe(200);
  expect(big.headers['content-encoding']).toBe('br');
  expect(big.headers['cache-control']).toMatch(/no-store/);
  expect(JSON.parse(brotliDecompressSync(big.body).toString()).openapi).toMatch(/^3\.1/);

  const small = await get(
    `${t.url}/graphql`,
    { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    'POST',
    '{"query":"{ health }"}',
  );
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.headers['cache-control']).toMatch(/no-store/);
  expect(JSON.parse(small.body.toString())).toEqual({ data: { health: 'ok' } });
});
