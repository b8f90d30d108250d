import { createConnection } from 'mysql2/promise';
import type { Config } from '../config';
import { splitMysqlUrl } from '../db/data-source';
import { createRedis } from './redis';

/**
 * Checks MySQL and Redis answer before anything else starts; on failure prints one line saying
 * what to start, never a stack trace (issue: foundation, item 7).
 */
export async function preflight(
  config: Pick<Config, 'MYSQL_URL' | 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>,
): Promise<string | null> {
  const mysqlUrl = config.MYSQL_URL;
  const problems: string[] = [];
  try {
    const conn = await createConnection({ uri: splitMysqlUrl(mysqlUrl).serverUrl, connectTimeout: 3000 });
    await conn.end();
  } catch (e) {
    problems.push(`MySQL at ${new URL(mysqlUrl).host} (${(e as Error).message || (e as { code?: string }).code})`);
  }
  const redis = createRedis(config, 'preflight', { lazyConnect: true, retries: false, connectTimeout: 3000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    const where = config.REDIS_CLUSTER_NODES
      ? `the Redis Cluster ${config.REDIS_CLUSTER_NODES}`
      : `Redis at ${new URL(config.REDIS_URL).host}`;
    problems.push(`${where} (${(e as Error).message})`);
  } finally {
    redis.disconnect();
  }
  if (problems.length === 0) return null;
  return `Cannot reach ${problems.join(' and ')}. Start them first, for example: docker compose up -d mysql redis`;
}
