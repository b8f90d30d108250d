import { existsSync } from 'node:fs';
import { preflight } from '../../gateway/src/shared/preflight';

/**
 * Where the servers come from: testcontainers when a Docker engine exists, otherwise the local
 * MariaDB/MySQL and Redis (127.0.0.1:3306 root, 127.0.0.1:6379). Each test file then makes its own
 * database and Redis prefix (tests/support/gateway.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_MYSQL_SERVER && process.env.TEST_REDIS_URL) return;
  const dockerSocket = process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
  if (dockerSocket && process.env.TEST_USE_CONTAINERS !== '0') {
    try {
      const { MySqlContainer } = await import('@testcontainers/mysql');
      const { GenericContainer } = await import('testcontainers');
      const mysql = await new MySqlContainer('mysql:8.4').withRootPassword('test').start();
      const redis = await new GenericContainer('redis:7').withExposedPorts(6379).start();
      process.env.TEST_MYSQL_SERVER = `mysql://root:test@${mysql.getHost()}:${mysql.getPort()}`;
      process.env.TEST_REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
      (globalThis as Record<string, unknown>).__containers = [mysql, redis];
      return;
    } catch {
      // No usable container runtime: fall back to the local servers.
    }
  }
  process.env.TEST_MYSQL_SERVER ??= 'mysql://root@127.0.0.1:3306';
  process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
  const problem = await preflight({
    MYSQL_URL: `${process.env.TEST_MYSQL_SERVER}/mysql`,
    REDIS_URL: process.env.TEST_REDIS_URL,
  });
  if (problem) throw new Error(problem);
}
