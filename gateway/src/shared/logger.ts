import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'infinitum' },
    redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'password', 'new_password'],
  });
}
