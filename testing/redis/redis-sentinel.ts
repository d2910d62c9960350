// A throwaway Redis behind Sentinel for tests and benches: one primary, two replicas and three sentinels, on free
// loopback ports, stopped by their own process ids (never by name) even when the test that started them fails.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServer } from './redis-server';

export const SENTINEL_MASTER = 'mymaster';

export interface SentinelTimings {
  /** How long the primary must stay silent before a sentinel calls it down (`down-after-milliseconds`). */
  downAfterMs: number;
  /** `failover-timeout`: bounds a failover's steps, and the wait before a failed one is tried again (twice it). */
  failoverTimeoutMs: number;
}

/** Sentinels deciding in 3-5 s: down after 3 s of silence, then the vote and the promotion. */
export const FAST_FAILOVER: SentinelTimings = { downAfterMs: 3000, failoverTimeoutMs: 6000 };

export interface SentinelSet {
  /** REDIS_SENTINELS's value. */
  sentinels: { host: string; port: number }[];
  master: string;
  /** The three data nodes (the first is the primary at start), and the three sentinels. */
  nodes: RedisServer[];
  sentinelServers: RedisServer[];
  /** The node the sentinels name as primary now. */
  primary(): Promise<RedisServer>;
  /** Waits until the sentinels name a primary other than `old`, and every other node follows it. */
  waitForFailover(old: RedisServer, timeoutMs?: number): Promise<RedisServer>;
  /** Stops everything and removes the dirs. */
  close(): Promise<void>;
}

/** Asks one node or sentinel, on a short-lived connection. */
async function ask<T>(port: number, command: string, ...args: string[]): Promise<T> {
  const client = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: true,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.call(command, ...args)) as T;
  } finally {
    client.disconnect();
  }
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

const replicating = async (node: RedisServer, primary: RedisServer) => {
  const info = await ask<string>(node.port, 'INFO', 'replication');
  return info.includes(`master_port:${primary.port}`) && info.includes('master_link_status:up');
};

/** One primary, two replicas, three sentinels (quorum 2), each sentinel told of the others at start. */
export async function startSentinelSet(timings: SentinelTimings = FAST_FAILOVER): Promise<SentinelSet> {
  const started: RedisServer[] = [];
  // Whatever happens to the test, its processes go with it.
  const killAll = () => started.forEach((server) => server.signal('SIGKILL'));
  process.once('exit', killAll);
  const closeAll = async () => {
    process.off('exit', killAll);
    for (const server of started) server.signal('SIGCONT'); // a frozen one would not see its kill until thawed
    await Promise.all(started.map((server) => server.close()));
  };
  try {
    // No delay before a replica's first sync (Redis waits 5 s by default for more replicas to join it).
    const syncNow = ['--repl-diskless-sync', 'yes', '--repl-diskless-sync-delay', '0'];
    const primary = await startRedisServer({ args: syncNow });
    started.push(primary);
    const replicas = await Promise.all(
      [0, 1].map(() => startRedisServer({ args: [...syncNow, '--replicaof', '127.0.0.1', String(primary.port)] })),
    );
    started.push(...replicas);
    const nodes = [primary, ...replicas];
    await until('the replicas to sync', 15_000, async () =>
      (await Promise.all(replicas.map((replica) => replicating(replica, primary)))).every(Boolean),
    );

    const ids = [0, 1, 2].map(() => randomBytes(20).toString('hex'));
    const ports: number[] = [];
    const sentinelServers: RedisServer[] = [];
    // Each needs the others' ports, known only once they run: the first learns of the later ones by their hellos.
    for (const [index, id] of ids.entries()) {
      const server = await startRedisServer({
        sentinel: () => [
          `sentinel myid ${id}`,
          `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${primary.port} 2`,
          `sentinel down-after-milliseconds ${SENTINEL_MASTER} ${timings.downAfterMs}`,
          `sentinel failover-timeout ${SENTINEL_MASTER} ${timings.failoverTimeoutMs}`,
          `sentinel parallel-syncs ${SENTINEL_MASTER} 2`,
          ...replicas.map((replica) => `sentinel known-replica ${SENTINEL_MASTER} 127.0.0.1 ${replica.port}`),
          ...ports.map((port, other) => `sentinel known-sentinel ${SENTINEL_MASTER} 127.0.0.1 ${port} ${ids[other]}`),
        ],
      });
      started.push(server);
      sentinelServers.push(server);
      ports[index] = server.port;
    }
    await until('the sentinels to know each other and both replicas', 20_000, async () => {
      const views = await Promise.all(
        sentinelServers.map(async (sentinel) => [
          (await ask<unknown[]>(sentinel.port, 'SENTINEL', 'SENTINELS', SENTINEL_MASTER)).length,
          (await ask<unknown[]>(sentinel.port, 'SENTINEL', 'REPLICAS', SENTINEL_MASTER)).length,
        ]),
      );
      return views.every(([others, known]) => others === 2 && known === 2);
    });

    const primaryNow = async () => {
      const [, port] = await ask<[string, string]>(sentinelServers[0]!.port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_MASTER);
      const node = nodes.find((candidate) => candidate.port === Number(port));
      if (!node) throw new Error(`the sentinels name an unknown primary on port ${port}`);
      return node;
    };
    return {
      sentinels: sentinelServers.map((server) => ({ host: '127.0.0.1', port: server.port })),
      master: SENTINEL_MASTER,
      nodes,
      sentinelServers,
      primary: primaryNow,
      async waitForFailover(old, timeoutMs = 30_000) {
        let promoted: RedisServer | null = null;
        await until('a failover', timeoutMs, async () => {
          const named = await Promise.all(
            sentinelServers.map(
              async (sentinel) => (await ask<[string, string]>(sentinel.port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_MASTER))[1],
            ),
          );
          if (named.some((port) => Number(port) === old.port) || new Set(named).size !== 1) return false;
          promoted = nodes.find((node) => node.port === Number(named[0])) ?? null;
          return promoted !== null && (await ask<[string]>(promoted.port, 'ROLE'))[0] === 'master';
        });
        return promoted!;
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
