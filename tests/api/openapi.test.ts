import type { Server } from 'node:http';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/**
 * GET /api/openapi.json is an OpenAPI 3.1 document whose paths are exactly the /api routes the running
 * gateway has mounted (every helper's routes): nothing undocumented, nothing documented but missing.
 */
let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(() => t.close());

interface RouterLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
/** `/agencies/` and `/agencies` are one path to Express (non-strict routing). */
const normal = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** Every "METHOD /path" under /api, walking the app's router and any router mounted in it. */
function mountedRoutes(http: Server): string[] {
  const app = http.listeners('request')[0] as unknown as { router: { stack: RouterLayer[] } };
  const out: string[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = typeof layer.route.path === 'string' ? layer.route.path : String(layer.route.path);
        for (const m of Object.keys(layer.route.methods).filter(
          (k) => layer.route!.methods[k] && METHODS.includes(k),
        )) {
          out.push(`${m.toUpperCase()} ${normal(prefix + path)}`);
        }
      } else if (layer.handle?.stack && typeof layer.rawPath === 'string') {
        walk(layer.handle.stack, prefix + (layer.rawPath === '/' ? '' : layer.rawPath));
      } else if (layer.handle?.stack && layer.rawPath === undefined) {
        walk(layer.handle.stack, prefix);
      }
    }
  };
  walk(app.router.stack, '');
  return [...new Set(out.filter((r) => / \/api\//.test(r) && !r.endsWith(' /api/openapi.json')))].sort();
}

function documentedRoutes(doc: any): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
    for (const m of Object.keys(item).filter((k) => METHODS.includes(k))) {
      out.push(`${m.toUpperCase()} ${normal(path.replace(/\{([A-Za-z_]+)\}/g, ':$1'))}`);
    }
  }
  return [...new Set(out)].sort();
}

test('the document has the OpenAPI 3.1 shape', async () => {
  const r = await call(t.url, 'GET', '/api/openapi.json');
  expect(r.status).toBe(200);
  const doc = r.body;
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(typeof doc.info.title).toBe('string');
  expect(typeof doc.info.version).toBe('string');
  expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  const problems: string[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    if (!path.startsWith('/')) problems.push(`${path}: must start with /`);
    const templated = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((m) => m[1]).sort();
    for (const [method, op] of Object.entries<any>(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!METHODS.includes(method)) problems.push(`${where}: unknown method`);
      if (typeof op.summary !== 'string' || !op.summary) problems.push(`${where}: no summary`);
      if (!op.responses || Object.keys(op.responses).length === 0) problems.push(`${where}: no responses`);
      for (const [status, res] of Object.entries<any>(op.responses ?? {})) {
        if (!/^[1-5]\d\d$/.test(status) || typeof res.description !== 'string')
          problems.push(`${where}: bad response ${status}`);
      }
      const params: any[] = op.parameters ?? [];
      for (const p of params) {
        if (
          !['path', 'query', 'header', 'cookie'].includes(p.in) ||
          typeof p.name !== 'string' ||
          typeof p.schema !== 'object'
        ) {
          problems.push(`${where}: bad parameter ${JSON.stringify(p)}`);
        }
        if (p.in === 'path' && p.required !== true)
          problems.push(`${where}: path parameter ${p.name} must be required`);
      }
      const declared = params
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      if (JSON.stringify(declared) !== JSON.stringify(templated))
        problems.push(`${where}: path parameters ${declared} vs ${templated}`);
      if (op.requestBody && typeof Object.values<any>(op.requestBody.content ?? {})[0]?.schema !== 'object') {
        problems.push(`${where}: request body without a schema`);
      }
    }
  }
  expect(problems).toEqual([]);
});

test('documented paths equal the mounted /api routes', async () => {
  const doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
  const mounted = mountedRoutes(t.gateway.http);
  const documented = documentedRoutes(doc);
  // Guard against a walker that finds nothing (which would make the comparison trivially pass).
  expect(mounted).toEqual(
    expect.arrayContaining(['GET /api/agencies', 'POST /api/admin/relationships', 'DELETE /api/entities/:type/:id']),
  );
  expect({
    undocumented: mounted.filter((r) => !documented.includes(r)),
    notMounted: documented.filter((r) => !mounted.includes(r)),
  }).toEqual({
    undocumented: [],
    notMounted: [],
  });
});
