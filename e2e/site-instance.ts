import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/free-port';

/** The built server (npm run build; Playwright's own server has built it by the time a spec runs). */
const SERVER_ENTRY = 'build/server/server.js';

export interface SiteInstance {
  baseURL: string;
  /** The settings file it reads (rewrite it, then hangUp()). */
  settingsPath: string;
  /** Everything it has written to stdout and stderr so far (JSON log lines). */
  output(): string;
  hangUp(): void;
  stop(): Promise<void>;
}

/** A folder of its own for a settings file and whatever it names (a logo). */
export function settingsFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-settings-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

function collect(child: ChildProcess) {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

const serverEnv = (port: number, env: Record<string, string>) => ({
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  DATABASE_PATH: ':memory:',
  RATE_LIMIT_CHECKS: '1000000',
  RATE_LIMIT_REG: '1000000',
  LOG_LEVEL: 'info',
  ...env,
});

/** Starts one more instance of the built server with this settings file (and variables); resolves once it answers. */
export async function startInstance(settingsPath: string, env: Record<string, string> = {}): Promise<SiteInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: serverEnv(port, { SITE_CONFIG: settingsPath, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start:\n${output()}`);
    const ready = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 300) throw new Error(`the server did not answer within 30 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    settingsPath,
    output,
    hangUp: () => void child.kill('SIGHUP'),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts the built server with this settings file and waits for it to stop by itself: its exit code and what it said. */
export async function startExpectingRefusal(settingsPath: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: serverEnv(await freePort(), { SITE_CONFIG: settingsPath }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000); // a server that starts anyway is the failure
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: output() };
}
