// Makes sure Debian's redis-server is there for the tests of strict mode on Redis (they start their own).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const REDIS_SERVER_PATH = process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server';

export function ensureRedis(): string {
  if (existsSync(REDIS_SERVER_PATH)) return REDIS_SERVER_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `[ensure-redis] The server tests need Debian's redis-server at ${REDIS_SERVER_PATH}.\n` +
        '  Install it with:  sudo apt-get install -y redis-server\n' +
        '  or point REDIS_SERVER_PATH at a redis-server binary.',
    );
    process.exit(1);
  }
  console.log('[ensure-redis] installing redis-server from Debian (apt-get)...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(REDIS_SERVER_PATH)) {
    console.error(`[ensure-redis] apt-get finished but ${REDIS_SERVER_PATH} is still missing.`);
    process.exit(1);
  }
  return REDIS_SERVER_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureRedis();
