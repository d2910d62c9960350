// Starts bench:proxy's floors (proxy-floor.ts) as processes of their own, pinned like the gateway.
import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/free-port';
import { pin, untilAnswers, type Started } from './proxy-parts';
import type { Floor } from './proxy-floor';

/** A floor listening on a free loopback port, forwarding to the upstream, pinned to `cores`, once it answers. */
export async function startFloor(floor: Floor, upstreamPort: number, cores: string): Promise<Started & { base: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/server/proxy-floor.ts', floor, String(port), `http://127.0.0.1:${upstreamPort}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (child.pid === undefined) throw new Error(`the ${floor} floor did not start`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  pin(child.pid, cores);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  await untilAnswers(`${base}/api/Index/checkuser`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
  return { pid: child.pid, base, stop };
}
