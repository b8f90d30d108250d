import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import type { Logger } from './logger';
import type { RedisClient, RedisKeys } from './redis';
import type { Mailer } from './mailer';

/** Process-wide dependencies every service receives (built once in main.ts). */
export interface AppContext {
  config: Config;
  ds: DataSource;
  redis: RedisClient;
  keys: RedisKeys;
  log: Logger;
  mailer: Mailer;
}
