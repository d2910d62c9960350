// The game backend's stand-in for tests: `php -n -S` on a free loopback port running
// testing/php-backend/router.php, which records what PHP read of every request (see router.php).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePhp } from '../../scripts/ensure-php';
import { freePort } from '../../scripts/free-port';

/** A value PHP parsed from a query, form or cookie: a string, or an array from `name[]` / `name[key]`. */
export type PhpValue = string | PhpValue[] | { [key: string]: PhpValue };

/** What the stand-in backend (testing/php-backend/router.php) read of one request. */
export interface PhpReading {
  method: string;
  /** The request target as PHP received it, byte for byte. */
  requestUri: string;
  /** PHP's QUERY_STRING (null when the target has none, e.g. `?` only after a raw `#`). */
  queryString: string | null;
  /** The path as nginx hands it on: decoded once, slashes merged, dot segments resolved; null on nginx's 400. */
  path: string | null;
  /** Why nginx would answer 400 (malformed `%`, decoded NUL, `..` above the root), else null. */
  pathError: string | null;
  /** What ThinkPHP routes: the nginx path, or the `s` query parameter when there is one. */
  pathinfo: string | null;
  /** ThinkPHP's module, controller and action (lowercased) and the call they name, if any. */
  route: { module: string; controller: string; action: string; call: PhpCall | null } | null;
  call: PhpCall | null;
  /** ThinkPHP-style path parameters after the action (`/reg/code/EVIL` -> `{ code: 'EVIL' }`). */
  pathParams: Record<string, PhpValue>;
  get: Record<string, PhpValue>;
  post: Record<string, PhpValue>;
  cookie: Record<string, PhpValue>;
  /** $_REQUEST under `php -n`: GET, then POST, then cookies, the later winning. */
  request: Record<string, PhpValue>;
  /** The content type without parameters, as ThinkPHP reads it; null when absent. */
  contentType: string | null;
  rawBody: string;
  /** `json_decode(file_get_contents('php://input'), true)`. */
  json: unknown;
  /** The call's fields as the backend reads them: ThinkPHP's param() (query < body < path parameters). */
  param: Record<string, unknown>;
  /** What the stand-in answered: 200 for a call, 404 for anything else, 400 where nginx refuses the path. */
  status: 200 | 400 | 404;
  /** True when some byte was not UTF-8 and the reading shows U+FFFD in its place. */
  invalidUtf8: boolean;
}

export type PhpCall = 'checkuser' | 'checktel' | 'reg';

export interface PhpServer {
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The readings recorded since the last call, oldest first; clears them. */
  readings(): Promise<PhpReading[]>;
  /** The last few KB PHP wrote to stderr (its warnings; no request lines). */
  stderr(): string;
  /** Stops php (its own child pid) and removes the readings' temp dir. */
  close(): Promise<void>;
}

export const PHP_ROUTER_PATH = fileURLToPath(new URL('./router.php', import.meta.url));
const START_TIMEOUT_MS = 15_000;

async function readings(origin: string): Promise<PhpReading[]> {
  const response = await fetch(`${origin}/__readings`);
  if (!response.ok) throw new Error(`GET /__readings answered ${response.status}`);
  return (await response.json()) as PhpReading[];
}

/** Starts `php -n -S 127.0.0.1:PORT router.php` on a free port and waits until it answers. */
export async function startPhpServer({ router = PHP_ROUTER_PATH }: { router?: string } = {}): Promise<PhpServer> {
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
  child.stderr.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

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
