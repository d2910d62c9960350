// The start as an operator meets it (server/server.ts run by tsx): a wrong DIST_DIR or DATABASE_PATH stops
// it with one line naming the variable, never a stack trace, before anything listens.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { distDirProblem } from './site/built-files';
import { makeDist, tempDir } from '../testing/server/test-support';

const ROOT = resolve(import.meta.dirname, '..');

/** Runs the server with these variables until it exits (a start that listens is stopped after 20 s). */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=game-register-source', '--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((done) => child.once('exit', (code) => (clearTimeout(guard), done({ code, stderr }))));
}

describe('the start refuses what it could not serve', () => {
  it('a DIST_DIR without the built app: exit 1 with a message naming DIST_DIR', { timeout: 30_000 }, async () => {
    const { code, stderr } = await start({ DIST_DIR: '/nonexistent/dist', DATABASE_PATH: ':memory:' });
    expect(code).toBe(1);
    expect(stderr).toContain('DIST_DIR: /nonexistent/dist has no readable index.html (ENOENT)');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('an unwritable DATABASE_PATH: exit 1 with a message naming DATABASE_PATH', { timeout: 30_000 }, async () => {
    const file = join(await tempDir(), 'a-file');
    await writeFile(file, '');
    const { code, stderr } = await start({ DIST_DIR: await makeDist(), DATABASE_PATH: join(file, 'app.db') });
    expect(code).toBe(1);
    expect(stderr).toContain(`DATABASE_PATH: cannot open ${join(file, 'app.db')} for writing`);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});

describe('distDirProblem', () => {
  it('names a folder without index.html, and accepts one with it', async () => {
    expect(await distDirProblem(await tempDir())).toMatch(/^DIST_DIR: .* has no readable index\.html \(ENOENT\)/);
    expect(await distDirProblem(await makeDist())).toBeNull();
  });
});
