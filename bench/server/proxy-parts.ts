// The outside programs of bench:proxy, each from Debian and started by the bench itself: nginx (the trivial
// upstream, the proxy_pass the gateway is measured against, and the backend's front), php-fpm running the
// backend's stand-in (testing/php-backend/router.php) and wrk (the load), each pinned to its cores with taskset
// and measured from /proc.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianFiles } from '../../scripts/debian-packages';
import { PHP_ROUTER_PATH } from '../../testing/php-backend/php-server';

export const NGINX = '/usr/sbin/nginx';
export const WRK = '/usr/bin/wrk';
export const PHP_FPM = '/usr/sbin/php-fpm8.2';

/** Installs nginx, wrk and php-fpm from Debian when one is missing (as root), or exits with advice. */
export function ensureTools(): void {
  ensureDebianFiles(
    'bench:proxy',
    { [NGINX]: 'nginx', [WRK]: 'wrk', [PHP_FPM]: 'php8.2-fpm', '/usr/bin/taskset': 'util-linux' },
    'bench:proxy',
  );
}

/** CPU seconds (user + system) a process has used so far, all its threads. */
export function cpuSecondsOf(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A process and its children (php-fpm's workers), for their CPU. */
export function withChildren(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return [pid, ...(children ? children.split(' ').map(Number) : [])];
}

/** Every thread of a running process pinned to these cores (`0`, `0-1`). */
export function pin(pid: number, cores: string): void {
  const run = spawnSync('taskset', ['-a', '-cp', cores, String(pid)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`taskset ${cores} ${pid}: ${run.stderr}`);
}

export interface Started {
  pid: number;
  stop(): Promise<void>;
}

function started(child: ChildProcess, what: string): Started {
  if (child.pid === undefined) throw new Error(`${what} did not start`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What an nginx serves: an answer of its own, a proxy_pass to a port, or PHP over FastCGI on a port. */
export type NginxRole = { answer: string } | { proxyTo: number } | { fastcgiTo: number };

/** nginx with its own config in `dir`: one process (no master), no access log; a proxy_pass over kept-alive connections. */
export function startNginx(dir: string, port: number, cores: string, role: NginxRole): Started {
  mkdirSync(dir, { recursive: true });
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${join(dir, name)};`).join(' ');
  const [upstream, location] =
    'answer' in role
      ? ['', `default_type application/json; return 200 '${role.answer}';`]
      : 'proxyTo' in role
        ? [
            `upstream backend { server 127.0.0.1:${role.proxyTo}; keepalive 32; }`,
            'proxy_pass http://backend; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header X-Forwarded-For $remote_addr; proxy_set_header X-Forwarded-Proto $scheme;',
          ]
        : // No FastCGI keepalive: kept connections would hold php-fpm's few workers idle while requests wait for one.
          [
            '',
            `include /etc/nginx/fastcgi_params; fastcgi_param SCRIPT_FILENAME ${PHP_ROUTER_PATH}; fastcgi_pass 127.0.0.1:${role.fastcgiTo};`,
          ];
  const conf = `worker_processes 1; master_process off; daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off; keepalive_requests 1000000; ${temp}
  ${upstream}
  server { listen 127.0.0.1:${port}; location / { ${location} } }
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  return started(spawn('taskset', ['-c', cores, NGINX, '-p', dir, '-c', file], { stdio: ['ignore', 'ignore', 'inherit'] }), 'nginx');
}

/** Debian's php-fpm (its own php.ini: opcache on), `workers` static workers running the backend's stand-in, its readings thrown away. */
export function startPhpFpm(dir: string, port: number, cores: string, workers: number): Started {
  mkdirSync(dir, { recursive: true });
  const conf = [
    '[global]',
    `pid = ${join(dir, 'php-fpm.pid')}`,
    `error_log = ${join(dir, 'php-fpm.log')}`,
    'daemonize = no',
    '[backend]',
    'user = root',
    'group = root',
    `listen = 127.0.0.1:${port}`,
    'pm = static',
    `pm.max_children = ${workers}`,
    'clear_env = no',
    'env[PHP_BACKEND_READINGS] = /dev/null',
  ].join('\n');
  const file = join(dir, 'php-fpm.conf');
  writeFileSync(file, `${conf}\n`);
  // -R: the bench may run as root (its workers then too, on loopback, for the bench's length).
  return started(spawn('taskset', ['-c', cores, PHP_FPM, '-R', '-F', '-y', file], { stdio: ['ignore', 'ignore', 'inherit'] }), 'php-fpm');
}

/** Waits until a POST to url answers 200. */
export async function untilAnswers(url: string, init: RequestInit): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never answered 200`);
}

export interface Load {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Socket errors, timeouts and non-2xx answers. */
  errors: number;
}

const MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
const latency = (text: string, label: string) => {
  const [, value, unit] = new RegExp(`^\\s+${label}\\s+([\\d.]+)(us|ms|s)$`, 'm').exec(text) ?? [];
  return value === undefined ? Number.NaN : Number(value) * MS[unit!]!;
};

/** wrk on `cores`: one thread, `connections` connections, `seconds`, POSTing `body` as JSON. */
export function wrk(
  url: string,
  { cores, connections, seconds, body, dir }: { cores: string; connections: number; seconds: number; body: string; dir: string },
): Promise<Load> {
  const script = join(dir, 'post.lua');
  writeFileSync(script, `wrk.method = "POST"\nwrk.body = '${body}'\nwrk.headers["Content-Type"] = "application/json"\n`);
  const child = spawn('taskset', ['-c', cores, WRK, '-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolve({
        rps: number(/Requests\/sec:\s+([\d.]+)/),
        p50Ms: latency(out, '50%'),
        p99Ms: latency(out, '99%'),
        requests: number(/(\d+) requests in/),
        errors: number(/Non-2xx or 3xx responses: (\d+)/) + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
      });
    });
  });
}

/** A load run with the CPU the measured processes spent on it, in µs per call. */
export async function measured(pids: number[], run: () => Promise<Load>): Promise<Load & { cpuUsPerCall: number }> {
  const before = pids.map(cpuSecondsOf);
  const load = await run();
  const spent = pids.reduce((sum, pid, i) => sum + cpuSecondsOf(pid) - before[i]!, 0);
  return { ...load, cpuUsPerCall: load.requests > 0 ? (spent * 1e6) / load.requests : Number.NaN };
}
