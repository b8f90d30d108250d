/**
 * `npm run test:sqlmap` (item 9): sqlmap (Debian's package: apt-get install -y sqlmap) against
 * the dashboard filter payload of a real gateway on a scratch database, signed in as the super admin.
 * Every JSON value of the filter is tried; the run fails if sqlmap reports any injection point. Not part
 * of `npm test` (it takes minutes and needs the OS package).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DASHBOARD_CALL_NAMES } from '../../gateway/src/modules/analytics/calls/registry';
import { startTestGateway } from '../support/gateway';
import { buildRecordsWorld, isoDay } from '../support/records-fixtures';

function sqlmap(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function main(): Promise<void> {
  if (spawnSync('sqlmap', ['--version']).status !== 0) {
    console.error('sqlmap is not installed: apt-get install -y sqlmap');
    process.exit(2);
  }
  const t = await startTestGateway();
  const out = mkdtempSync(join(tmpdir(), 'infinitum-sqlmap-'));
  let findings = 0;
  try {
    const w = await buildRecordsWorld(t);
    const filter = {
      client_id: w.a.customerId,
      startdate: isoDay(-30),
      enddate: isoDay(0),
      region: ['Auckland'],
      campaign: [w.a.campaignId],
      booking: [],
      creative: [],
      channel: [],
      weekday: [1],
      time_slots: [],
      sites: [],
    };
    const calls = (process.env.SQLMAP_CALLS ?? DASHBOARD_CALL_NAMES.slice(0, 2).join(',')).split(',');
    for (const name of calls) {
      const url = `${t.url}/api/dashboard/${name}`;
      console.log(`sqlmap: POST ${url}`);
      // Asynchronously: the gateway under test answers from this very process.
      const run = await sqlmap([
        '-u',
        url,
        '--method=POST',
        `--data=${JSON.stringify(filter)}`,
        `--headers=Authorization: Bearer ${w.superAdmin.token}\nContent-Type: application/json`,
        '--dbms=mysql',
        `--level=${process.env.SQLMAP_LEVEL ?? '2'}`,
        `--risk=${process.env.SQLMAP_RISK ?? '1'}`,
        '--batch',
        '--flush-session',
        '--disable-coloring',
        `--output-dir=${out}`,
      ]);
      const text = `${run.stdout}\n${run.stderr}`;
      const tests = (text.match(/testing '/g) ?? []).length;
      // A run that could not reach the call (401, 404) tests nothing: only sqlmap's own all-clear counts.
      const clean = /all tested parameters do not appear to be injectable/i.test(text);
      const injectable = /identified the following injection point|is vulnerable/i.test(text);
      console.log(
        `  ${injectable ? 'INJECTION FOUND' : clean ? 'nothing found' : 'NOT TESTED'} (${tests} techniques tried)`,
      );
      if (injectable || !clean) {
        findings++;
        console.log(text.split('\n').slice(-60).join('\n'));
      }
    }
  } finally {
    await t.close();
    rmSync(out, { recursive: true, force: true });
  }
  console.log(findings === 0 ? 'sqlmap: no injection found' : `sqlmap: ${findings} call(s) with findings or errors`);
  process.exit(findings === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
