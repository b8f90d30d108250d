import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import type { Logger } from './logger';
import type { RedisKeys } from './redis';
import type { Mailer } from './mailer';

/** Process-wide dependencies every service receives (built once in main.ts). */
export interface AppContext {
  config: Config;
  ds: DataSource;
  redis: Redis;
  keys: RedisKeys;
  log: Logger;
  mailer: Mailer;
}
