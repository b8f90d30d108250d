import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import Redis from 'ioredis';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { redisKeys } from '../../gateway/src/shared/redis';
import { jetStreamNames } from '../../gateway/src/stream/jetstream/names';
import { loadConfig, type Config } from '../../gateway/src/config';
import { createScratchDatabase } from './scratch-db';
import { createGateway, type Gateway } from '../../gateway/src/server';

export const SUPER_ADMIN = { email: 'admin@test.infinitum', password: 'Admin-password-1' };

export interface TestGateway {
  url: string;
  gateway: Gateway;
  config: Config;
  database: string;
  close(): Promise<void>;
}

/** A fresh database name and Redis prefix for one test file. */
export function scratchNames() {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  return { database: `infinitum_test_${id}`, prefix: `test:${id}:` };
}

/**
 * Starts a real gateway on a free port, on its own migrated database (a clone of the template, dropped at close) and its own
 * Redis key prefix (deleted at close). `env` overrides configuration (e.g. SMTP_URL, WORKER).
 */
export async function startTestGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  const server = process.env.TEST_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { database, prefix } = scratchNames();
  const config = loadConfig({
    NODE_ENV: 'test',
    MYSQL_URL: `${server}/${database}`,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    HOUSEHOLD_SALT: randomBytes(16).toString('hex'),
    PORT: '0',
    WORKER: '0',
    SPOOL_DIR: `/tmp/infinitum-spool-${database}`,
    // The dashboard suites check the summaries' answers: a loaded machine must not send them to the window.
    DASHBOARD_SUMMARY_WAIT_MS: '600000',
    // The dashboard suites check what a reader builds; the keeper that builds ahead of readers has its own
    // suite (tests/dashboard/summary-keeper.test.ts).
    SUMMARY_KEEP_MS: '0',
    // The pipeline suite's second run (jest project pipeline-jetstream) puts the hit log on NATS JetStream.
    ...(process.env.TEST_HIT_LOG ? { HIT_LOG: process.env.TEST_HIT_LOG } : {}),
    ...env,
  });
  await createScratchDatabase(server, database, SUPER_ADMIN);
  const gateway = await createGateway(config);
  const port = await gateway.listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    gateway,
    config,
    database,
    async close() {
      await gateway.close();
      if (config.HIT_LOG === 'jetstream') await deleteJetStreams(config.NATS_URL, prefix);
      await dropScratch(server, redisUrl, database, prefix);
    },
  };
}

export async function dropScratch(server: string, redisUrl: string, database: string, prefix: string): Promise<void> {
  const conn = await createConnection(server);
  await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await conn.end();
  await deleteRedisKeys(redisUrl, prefix);
}

/** Deletes the JetStream streams of a scratch prefix (the hit log's and its dead letters'). */
export async function deleteJetStreams(servers: string, prefix: string): Promise<void> {
  const names = jetStreamNames(redisKeys(prefix));
  const nc = await connect({ servers: servers.split(',') });
  try {
    const jsm = await jetstreamManager(nc);
    for (const name of [names.stream, names.dead]) await jsm.streams.delete(name).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** Deletes every Redis key under a scratch prefix (SCAN, never KEYS). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}
