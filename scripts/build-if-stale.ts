// Builds the app and the server only when their output is missing or older than their sources.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * A TypeScript project's inputs: its config, its include list, and those of the projects it references,
 * followed transitively. The TypeScript projects are the one list of what each build is made of: the
 * server's project (tsconfig.server.json) references the puzzle package's DOM-free part
 * (packages/puzzle-captcha/tsconfig.core.json), which is composite, so `tsc -b` (npm run typecheck)
 * refuses any import the server makes from outside those include lists, and nothing here is kept by hand.
 * Plain JSON reading (line comments dropped) rather than the TypeScript API: `npm start` on a production
 * install may have no dev dependencies.
 */
export function projectInputs(config: string, seen = new Set<string>()): string[] {
  if (seen.has(config)) return [];
  seen.add(config);
  const text = readFileSync(config, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const { include = [], references = [] } = JSON.parse(text) as { include?: string[]; references?: { path: string }[] };
  const dir = dirname(config);
  const local = (path: string) => relative('.', join(dir, path)) || '.';
  return [
    relative('.', config),
    ...include.map(local),
    ...references.flatMap(({ path }) => {
      const target = join(dir, path);
      return projectInputs(target.endsWith('.json') ? target : join(target, 'tsconfig.json'), seen);
    }),
  ];
}

const SHARED = ['package.json', 'package-lock.json'];
// The build puts its pages together and compresses them with the server's own modules (server/site/).
export const APP_SOURCES = [
  ...projectInputs('tsconfig.app.json'),
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'scripts',
  'server/site/render-pages.ts',
  'server/site/compress-buffer.ts',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
  ...SHARED,
];
// The server's project includes what it bundles from outside server/: the site settings' types and defaults.
// Not testing/ (the test doubles) nor scripts/: editing them does not rebuild the server.
export const SERVER_SOURCES = [...projectInputs('tsconfig.server.json'), 'server/vite.config.ts', ...SHARED];
export const APP_STAMP = 'dist/index.html';
export const SERVER_ENTRY = 'build/server/server.js';

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -Infinity;
  }
}

function newestMtime(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return -Infinity;
  }
  if (!stat.isDirectory()) return path.endsWith('.test.ts') ? -Infinity : stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const isStale = (output: string, sources: string[]) => Math.max(...sources.map(newestMtime)) > mtimeOf(output);

/** With DIST_DIR set the operator serves a build of their own: only the server is built here. */
export function ensureBuilt({ customDist = Boolean(process.env.DIST_DIR) }: { customDist?: boolean } = {}): void {
  if (!customDist && isStale(APP_STAMP, APP_SOURCES)) {
    console.log('[start] dist/ is missing or older than the sources: npm run build');
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  } else if (isStale(SERVER_ENTRY, SERVER_SOURCES)) {
    console.log('[start] the server build is missing or older than server/: npm run build:server');
    execFileSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  }
}
