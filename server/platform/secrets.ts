import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './crypto.ts';

/**
 * The application secret: APP_SECRET from the environment, or, for a demo or development run
 * without it, one generated once and kept in DATA_DIR (never in the repository) so links signed
 * before a restart stay valid.
 */
export function resolveAppSecret(env: { APP_SECRET?: string; DATA_DIR: string }): { secret: string; generated: boolean } {
  if (env.APP_SECRET) return { secret: env.APP_SECRET, generated: false };
  const file = path.resolve(env.DATA_DIR, 'app-secret');
  if (existsSync(file)) return { secret: readFileSync(file, 'utf8').trim(), generated: true };
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600 });
  return { secret, generated: true };
}
