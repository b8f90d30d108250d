import { createConnection } from 'mysql2/promise';
import Redis from 'ioredis';
import { splitMysqlUrl } from '../db/data-source';

/**
 * Checks MySQL and Redis answer before anything else starts; on failure prints one line saying
 * what to start, never a stack trace (issue: foundation, item 7).
 */
export async function preflight(mysqlUrl: string, redisUrl: string): Promise<string | null> {
  const problems: string[] = [];
  try {
    const conn = await createConnection({ uri: splitMysqlUrl(mysqlUrl).serverUrl, connectTimeout: 3000 });
    await conn.end();
  } catch (e) {
    problems.push(`MySQL at ${new URL(mysqlUrl).host} (${(e as Error).message || (e as { code?: string }).code})`);
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    problems.push(`Redis at ${new URL(redisUrl).host} (${(e as Error).message})`);
  } finally {
    redis.disconnect();
  }
  if (problems.length === 0) return null;
  return `Cannot reach ${problems.join(' and ')}. Start them first, for example: docker compose up -d mysql redis`;
}
