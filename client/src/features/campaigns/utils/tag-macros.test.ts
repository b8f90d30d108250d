import { DEFAULT_DIALECT, inDialect, MACRO_DIALECTS, macroNote } from './tag-macros';

const tag = 'https://collect.example/t/i/abc123?cb=[CACHEBUSTING]';
const control = 'https://collect.example/t/i/abc123?ctl=1&cb=[CACHEBUSTING]';
const dialect = (id: string) => MACRO_DIALECTS.find((d) => d.id === id)!;

describe('the cache-busting macro of a copied tag', () => {
  it('is VAST 4 [CACHEBUSTING] by default, the tag as the gateway wrote it', () => {
    expect(DEFAULT_DIALECT.macro).toBe('[CACHEBUSTING]');
    expect(inDialect(tag, DEFAULT_DIALECT)).toBe(tag);
  });
  it("speaks each ad server's dialect", () => {
    expect(inDialect(tag, dialect('gam'))).toBe('https://collect.example/t/i/abc123?cb=%%CACHEBUSTER%%');
    expect(inDialect(control, dialect('vast4-time'))).toBe('https://collect.example/t/i/abc123?ctl=1&cb=[TIMESTAMP]');
    expect(inDialect(tag, dialect('xandr'))).toBe('https://collect.example/t/i/abc123?cb=${CACHEBUSTER}');
  });
  it('says what the macro does', () => {
    expect(macroNote(dialect('gam'))).toMatch(/^%%CACHEBUSTER%% is the cache-buster: .*random number/);
  });
});
