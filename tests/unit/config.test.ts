import { ConfigError, loadConfig } from '../../gateway/src/config';

describe('configuration from the environment', () => {
  test('defaults match docs/operations.md', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(4000);
    expect(c.MYSQL_URL).toBe('mysql://root@127.0.0.1:3306/infinitum');
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(c.WORKER).toBe('1');
  });

  test('in development a missing secret is generated, with a warning', () => {
    const c = loadConfig({ NODE_ENV: 'development' });
    expect(c.JWT_SECRET).toHaveLength(64);
    expect(c.warnings.join('\n')).toMatch(/JWT_SECRET is not set/);
    expect(c.warnings.join('\n')).toMatch(/HOUSEHOLD_SALT is not set/);
  });

  test('in production a missing secret stops the start with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HOUSEHOLD_SALT: 'x'.repeat(16) })).toThrow(
      new ConfigError('JWT_SECRET is required in production; set it in the environment (see .env.example).'),
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /HOUSEHOLD_SALT is required/,
    );
  });

  test('invalid values are named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ MYSQL_URL: 'not a url' })).toThrow(/MYSQL_URL/);
  });
});
