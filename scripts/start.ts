/**
 * `npm start`: builds the app when the build is missing or older than its sources, then serves
 * it in production mode on the embedded database (or DATABASE_URL), in WEB_CONCURRENCY processes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildingLine } from '../server/platform/console-lines.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildEntry = path.join(root, 'build/server/index.js');
const SOURCES = ['app', 'contract', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
if (builtAt === 0 || SOURCES.some((source) => newestMtime(source) > builtAt)) {
  console.log(buildingLine(builtAt === 0));
  execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
const { startSite } = await import('../server/cluster.ts');
await startSite(() => import('../server/main.ts'), { dev: false });
