// The game backend's stand-in for tests: `php -n -S` on a free loopback port running
// server/php-backend/router.php, which records what PHP read of every request (see router.php).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePhp } from './ensure-php.mjs';
import { freePort } from './free-port.mjs';

export const PHP_ROUTER_PATH = fileURLToPath(new URL('../server/php-backend/router.php', import.meta.url));
const START_TIMEOUT_MS = 15_000;

async function readings(origin) {
  const response = await fetch(`${origin}/__readings`);
  if (!response.ok) throw new Error(`GET /__readings answered ${response.status}`);
  return response.json();
}

export async function startPhpServer({ router = PHP_ROUTER_PATH } = {}) {
  const binary = ensurePhp();
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'php-backend-'));
  const origin = `http://127.0.0.1:${port}`;
  // -q: no request lines on stderr (they would carry the query, passwords included); PHP's own warnings go
  // to stderr, never into an answer.
  const args = ['-n', '-q', '-d', 'display_errors=stderr', '-S', `127.0.0.1:${port}`, router];
  const child = spawn(binary, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PHP_BACKEND_READINGS: join(dir, 'readings.jsonl') },
  });
  let output = '';
  child.stderr.on('data', (chunk) => void (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`php -S exited with ${child.exitCode}:\n${output}`);
    }
    try {
      await readings(origin);
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`php -S did not answer within ${START_TIMEOUT_MS} ms:\n${output}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return { port, origin, readings: () => readings(origin), stderr: () => output, close: stop };
}
