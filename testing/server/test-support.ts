import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { precompressDir } from '../../scripts/precompress';
import { buildApp } from '../../server/app';
import type { ChannelSettingsGetter } from '../../server/channels/site-channels';
import { loadConfig, type ServerConfig } from '../../server/config/config';
import { tempDir } from './temp-dir';

/** Settings for a test: in-memory database, no static folders unless given, limits out of the way. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({ DATABASE_PATH: ':memory:', RATE_LIMIT_CHECKS: '100000', RATE_LIMIT_REG: '100000' });
  return { ...base, distDir: '/nonexistent/dist', downloadsDir: '/nonexistent/downloads', ...overrides };
}

/** Collects the server's log lines, as written (after redaction). */
export class LogCapture {
  readonly lines: string[] = [];
  write(line: string) {
    this.lines.push(line);
  }
  get text() {
    return this.lines.join('');
  }
  get records(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

export async function buildTestApp(
  overrides: Partial<ServerConfig> = {},
  { now, channels }: { now?: () => number; channels?: ChannelSettingsGetter } = {},
) {
  const logs = new LogCapture();
  const app = await buildApp(testConfig(overrides), { logDestination: logs, now, channels });
  return { app, logs };
}

// In its own module, so that a test needing only a temp dir does not load the whole server (mutation runs load a test file's imports once per mutant).
export { tempDir } from './temp-dir';

export const ASSET_JS = '/assets/index-Ab12Cd34.js';
export const ASSET_CSS = '/assets/index-Ef56Gh78.css';
export const INLINE_CSS = 'body{margin:0}';
export const INLINE_STYLE_ATTRIBUTE = 'width:20px';

/** A small built app: index.html (with inline CSS), hashed JS and CSS, an icon; precompressed like the build. */
export async function makeDist(extraFiles: Record<string, string> = {}): Promise<string> {
  const dir = await tempDir('dist-');
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><style>${INLINE_CSS}</style><script type="module" src="${ASSET_JS}"></script></head><body><div id="root" style="${INLINE_STYLE_ATTRIBUTE}"></div></body></html>`,
    [ASSET_JS.slice(1)]: `export const big = ${JSON.stringify('console.log("hello");'.repeat(200))};`,
    [ASSET_CSS.slice(1)]: 'body{color:red}'.repeat(100),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ...extraFiles,
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  await precompressDir(dir);
  return dir;
}
