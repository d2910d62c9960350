// A throwaway redis-server for tests and benches: a free port on loopback, no persistence, a temp dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRedis } from '../../scripts/ensure-redis';
import { freePort } from '../../scripts/free-port';

/** A real redis-server on its own free port, no persistence, a temp dir; stoppable and restartable. */
export interface RedisServer {
  url: string;
  port: number;
  /** Sends a signal to the running server (SIGSTOP and SIGCONT freeze and thaw it); false when none runs. */
  signal(signal: NodeJS.Signals): boolean;
  /** Stops the server (as an outage would); its data is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it for good and removes its dir. */
  close(): Promise<void>;
}

const READY = /Ready to accept connections/;
const SENTINEL_READY = /\+monitor master/;
const START_TIMEOUT_MS = 15_000;

export interface RedisServerOptions {
  /** More of redis-server's options (a replica's `--replicaof`). */
  args?: string[];
  /** A sentinel instead (`redis-server <file> --sentinel`): its config file's lines, written into its dir. */
  sentinel?: (port: number) => string[];
}

export async function startRedisServer({ args: extraArgs = [], sentinel }: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = ensureRedis();
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'redis-server-'));
  let child: ChildProcess | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const args = sentinel
        ? [join(dir, 'sentinel.conf'), '--sentinel']
        : [...extraArgs, '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
      const server = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child = server;
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
        START_TIMEOUT_MS,
      );
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if ((sentinel ? SENTINEL_READY : READY).test(output)) {
          clearTimeout(timer);
          server.stdout.removeAllListeners('data');
          server.stdout.resume();
          resolve();
        }
      });
      server.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
      server.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });

  const stop = async () => {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGKILL'); // an outage, not a tidy shutdown
    });
  };

  // A sentinel rewrites its file as it learns: written once, so a restart keeps what it learnt.
  if (sentinel)
    await writeFile(join(dir, 'sentinel.conf'), [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, ...sentinel(port)].join('\n') + '\n');
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    signal: (signal) => child !== null && child.exitCode === null && child.kill(signal),
    stop,
    start,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
