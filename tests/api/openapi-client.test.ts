import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { SUPER_ADMIN, startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/**
 * What a partner does with GET /api/openapi.json: generate a typed client with openapi-typescript, write a
 * program against it with openapi-fetch, compile it with tsc (strict) and run it against the gateway.
 */
let t: TestGateway;
let dir: string;
beforeAll(async () => {
  t = await startTestGateway();
  // Inside the repository so the program resolves openapi-fetch from its node_modules.
  mkdirSync('test-artifacts', { recursive: true });
  dir = mkdtempSync(join(process.cwd(), 'test-artifacts', 'openapi-client-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify((await call(t.url, 'GET', '/api/openapi.json')).body));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const PROGRAM = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

async function main(baseUrl: string, email: string, password: string) {
  const api = createClient<paths>({ baseUrl });
  const login = await api.POST('/api/login', { body: { email, password } });
  if (!login.data) throw new Error('login failed: ' + JSON.stringify(login.error));
  const token: string = login.data.access_token;
  const headers = { Authorization: 'Bearer ' + token };
  const me = await api.GET('/api/me', { headers });
  const countries = await api.GET('/api/countries', { headers });
  const missing = await api.GET('/api/agencies/{id}', { params: { path: { id: 999999 } }, headers });
  // The generated types are the document's: these must not compile.
  // @ts-expect-error no such path
  void api.GET('/api/no-such-path');
  // @ts-expect-error login takes an email and a password
  void api.POST('/api/login', { body: { user: email } });
  console.log(
    JSON.stringify({
      email: me.data?.email,
      countries: countries.data?.length,
      firstCountry: countries.data?.[0],
      missingStatus: missing.response.status,
      missingMessage: missing.error?.message,
    }),
  );
}

main(process.argv[2], process.argv[3], process.argv[4]).catch((e) => {
  console.error(e);
  process.exit(1);
});
`;

/** openapi-typescript's own command line, as a partner runs it, straight from the served document. */
function generate() {
  const cli = join(process.cwd(), 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
  const run = spawnSync(process.execPath, [cli, join(dir, 'openapi.json'), '-o', join(dir, 'api.d.ts')], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).not.toMatch(/error/i);
  expect(run.status).toBe(0);
}

test('operations carry unique operationIds, declared tags and named schemas; one form per path', async () => {
  const doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
  const ids: string[] = [];
  const problems: string[] = [];
  const declaredTags = new Set<string>(doc.tags.map((x: { name: string }) => x.name));
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    if (path.length > 1 && path.endsWith('/')) problems.push(`${path}: documented with a trailing slash`);
    for (const [method, op] of Object.entries<any>(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!/^[a-z][A-Za-z0-9]*$/.test(op.operationId ?? '')) problems.push(`${where}: operationId ${op.operationId}`);
      ids.push(op.operationId);
      if (op.tags?.length !== 1 || !declaredTags.has(op.tags[0])) problems.push(`${where}: tags ${op.tags}`);
      const schemas = [
        ...Object.values<any>(op.requestBody?.content ?? {}).map((c) => c.schema),
        ...Object.values<any>(op.responses).flatMap((r) => Object.values<any>(r.content ?? {}).map((c) => c.schema)),
      ];
      for (const s of schemas) {
        const name = /^#\/components\/schemas\/(\w+)$/.exec(s?.$ref ?? '')?.[1];
        if (!name || !doc.components.schemas[name]) problems.push(`${where}: inline or dangling schema`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(ids.length).toBeGreaterThan(50);
  expect(new Set(ids).size).toBe(ids.length);
  // Tags are written one way: Title case words, each used by some operation.
  for (const tag of declaredTags) expect(tag).toMatch(/^[A-Z][a-z]*( [a-z]+)*$|^[A-Z][A-Za-z]+$/);
});

test('a collection answers alike with and without the trailing slash (documented without it)', async () => {
  const token = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token;
  for (const path of ['/api/countries', '/api/agencies', '/api/users', '/api/channels']) {
    const bare = await call(t.url, 'GET', path, { token });
    const slash = await call(t.url, 'GET', `${path}/`, { token });
    expect([path, bare.status]).toEqual([path, 200]);
    expect(slash.status).toBe(200);
    expect(slash.body).toEqual(bare.body);
  }
  const doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
  expect(doc.paths['/api/bookings'].post.operationId).toBe('createBooking');
  expect(doc.paths['/api/bookings/']).toBeUndefined();
});

test('a client generated from the document compiles and makes typed calls', async () => {
  generate();
  writeFileSync(join(dir, 'program.ts'), PROGRAM);

  const program = ts.createProgram([join(dir, 'program.ts')], {
    strict: true,
    noEmitOnError: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    outDir: dir,
  });
  const emitted = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
  expect(diagnostics).toEqual([]);

  // Asynchronously: the gateway answering it runs in this process.
  const run = await promisify(execFile)(
    process.execPath,
    [join(dir, 'program.js'), t.url, SUPER_ADMIN.email, SUPER_ADMIN.password],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(run.stderr).toBe('');
  const out = JSON.parse(run.stdout);
  expect(out.email).toBe(SUPER_ADMIN.email);
  expect(out.countries).toBeGreaterThan(0);
  expect(out.firstCountry).toEqual(expect.objectContaining({ country_code: expect.any(String) }));
  expect(out.missingStatus).toBe(404);
  expect(typeof out.missingMessage).toBe('string');
});

test('the generated client is strict: a wrong body type does not compile', async () => {
  generate();
  writeFileSync(
    join(dir, 'wrong.ts'),
    `import createClient from 'openapi-fetch';
import type { paths } from './api';
void createClient<paths>({ baseUrl: '' }).POST('/api/login', { body: { email: 1, password: 'x' } });
`,
  );
  const program = ts.createProgram([join(dir, 'wrong.ts')], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  });
  const messages = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(messages.join('\n')).toMatch(/number.*not assignable.*string/s);
});
