import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { strictConfig } from '../testing/server/strict-mode';
import { buildTestApp } from '../testing/server/test-support';

/** In a process of its own: the server with strict mode off and its metrics on, then the native libraries it loaded. */
const NATIVE_LIBRARIES_LOADED = `
const { buildApp } = await import('./server/app.ts');
const { loadConfig } = await import('./server/config/config.ts');
const config = { ...loadConfig({ DATABASE_PATH: ':memory:', METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' }), distDir: '/nonexistent/dist', downloadsDir: '/nonexistent/downloads' };
const app = await buildApp(config, { logDestination: { write() {} } });
await app.ready();
console.log(JSON.stringify(process.report.getReport().sharedObjects.map((file) => file.split('/').pop())));
await app.close();
`;

describe('a clean start', () => {
  it('prints no warning in strict mode (the route schemas compile without Ajv strict-mode notices)', async () => {
    const warn = vi.spyOn(console, 'warn');
    const emitWarning = vi.spyOn(process, 'emitWarning');
    try {
      const { app } = await buildTestApp(strictConfig());
      await app.close();
      expect(warn).not.toHaveBeenCalled();
      expect(emitWarning).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      emitWarning.mockRestore();
    }
  });

  it("loads none of the gateway's drawing libraries with strict mode off and its metrics on", { timeout: 30_000 }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=game-register-source', '--import', 'tsx', '--input-type=module', '-e', NATIVE_LIBRARIES_LOADED],
      { cwd: resolve(import.meta.dirname, '..') },
    );
    const loaded = JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
    expect(loaded.some((file) => file.endsWith('.node'))).toBe(true); // the probe sees native modules (libsql's)
    expect(loaded.filter((file) => /skia|sharp|vips/.test(file))).toEqual([]);
  });
});
