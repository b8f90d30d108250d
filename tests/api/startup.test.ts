import { spawnSync } from 'node:child_process';

/** Both README commands and the gateway stop at once with one clear line when a dependency is down. */
function run(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, args, {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30000,
  });
}

// 127.0.0.1:9 (discard) refuses connections on this machine: a dependency that is not running.
const down = { MYSQL_URL: 'mysql://root@127.0.0.1:9/infinitum', REDIS_URL: 'redis://127.0.0.1:9' };

test('the gateway names what to start when MySQL and Redis are unreachable', () => {
  const r = run(['-r', '@swc-node/register', 'gateway/src/main.ts'], down);
  expect(r.status).toBe(1);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^Cannot reach MySQL at 127\.0\.0\.1:9 .* and Redis at 127\.0\.0\.1:9 .*docker compose up -d mysql redis$/,
  );
});

test('npm test and npm run demo print one line when services are down', () => {
  const t = run(['scripts/test.mjs'], {
    TEST_MYSQL_SERVER: 'mysql://root@127.0.0.1:9',
    TEST_REDIS_URL: 'redis://127.0.0.1:9',
  });
  expect(t.status).toBe(1);
  expect(t.stderr.trim()).toBe(
    'Cannot reach MySQL at 127.0.0.1:9 and Redis at 127.0.0.1:9. Start them first, for example: docker compose up -d mysql redis',
  );
  const d = run(['scripts/demo.mjs'], down);
  expect(d.status).toBe(1);
  expect(d.stderr.trim()).toMatch(/^Cannot reach MySQL at 127\.0\.0\.1:9 and Redis at 127\.0\.0\.1:9\./);
});

test('production without secrets refuses to start, naming the variable', () => {
  const r = run(['-r', '@swc-node/register', 'gateway/src/main.ts'], {
    NODE_ENV: 'production',
    JWT_SECRET: '',
    HOUSEHOLD_SALT: '',
  });
  expect(r.status).toBe(1);
  expect(r.stderr.trim()).toBe('JWT_SECRET is required in production; set it in the environment (see .env.example).');
});
