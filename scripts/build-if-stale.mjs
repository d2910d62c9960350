// Builds the app and the server only when their output is missing or older than their sources.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SHARED = ['package.json', 'package-lock.json'];
const APP_SOURCES = ['src', 'packages', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.app.json', 'scripts', '.env', '.env.local', '.env.production', '.env.production.local', ...SHARED];
const SERVER_SOURCES = ['server', 'packages/puzzle-captcha/src', ...SHARED]; // the server draws strict mode's puzzles with the package's core
export const APP_STAMP = 'dist/index.html';
export const SERVER_ENTRY = 'build/server/server.js';

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -Infinity;
  }
}

function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return -Infinity;
  }
  if (!stat.isDirectory()) return path.endsWith('.test.ts') ? -Infinity : stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const isStale = (output, sources) => Math.max(...sources.map(newestMtime)) > mtimeOf(output);

/** With DIST_DIR set the operator serves a build of their own: only the server is built here. */
export function ensureBuilt({ customDist = Boolean(process.env.DIST_DIR) } = {}) {
  if (!customDist && isStale(APP_STAMP, APP_SOURCES)) {
    console.log('[start] dist/ is missing or older than the sources: npm run build');
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  } else if (isStale(SERVER_ENTRY, SERVER_SOURCES)) {
    console.log('[start] the server build is missing or older than server/: npm run build:server');
    execFileSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  }
}
