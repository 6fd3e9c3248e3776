import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('environment', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: '.data', TRUST_PROXY: false, NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('stops with a message naming a malformed value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
  it('reads game providers\' wallet secrets from WALLET_SECRET_<PROVIDER>, keyed by sysname', () => {
    expect(parseEnv({}).WALLET_SECRETS).toEqual({});
    const env = parseEnv({ WALLET_SECRET_BRASS_COMET: 'b'.repeat(32), WALLET_SECRET_QUICKFUSE: 'q'.repeat(40), WALLET_SECRET_: 'ignored' });
    expect(env.WALLET_SECRETS).toEqual({ 'brass-comet': 'b'.repeat(32), quickfuse: 'q'.repeat(40) });
    expect(() => parseEnv({ WALLET_SECRET_BRASS_COMET: 'short' })).toThrow(/WALLET_SECRET_BRASS_COMET: must be at least 32 characters/);
  });
  it('refuses a worker with nothing to do, and MIGRATE=off on the embedded database', () => {
    expect(parseEnv({ WEB: 'off', JOBS: 'on' })).toMatchObject({ WEB: 'off', JOBS: 'on', MIGRATE: 'on' });
    expect(() => parseEnv({ WEB: 'off', JOBS: 'off' })).toThrow(/WEB: off with JOBS=off/);
    expect(() => parseEnv({ MIGRATE: 'off' })).toThrow(/MIGRATE: off needs DATABASE_URL/);
    expect(parseEnv({ MIGRATE: 'off', DATABASE_URL: 'postgres://db/croupier' }).MIGRATE).toBe('off');
  });
  it('takes a read replica only beside a PostgreSQL primary, and a bounded drain', () => {
    expect(() => parseEnv({ READ_DATABASE_URL: 'postgres://replica/croupier' })).toThrow(/READ_DATABASE_URL: needs DATABASE_URL/);
    expect(() => parseEnv({ DATABASE_URL: 'postgres://db/croupier', READ_DATABASE_URL: 'mysql://replica/croupier' })).toThrow(/READ_DATABASE_URL: must be a postgres/);
    expect(parseEnv({ DATABASE_URL: 'postgres://db/croupier', READ_DATABASE_URL: 'postgres://replica/croupier' }).READ_DATABASE_URL).toBe('postgres://replica/croupier');
    expect(parseEnv({}).SHUTDOWN_GRACE_MS).toBe(20_000);
    expect(() => parseEnv({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
