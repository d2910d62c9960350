// Sections 1 and 2 of bench/strict/strict-scale.ts: draws on the main thread and on the pool; each run starts its own server and stops it.
import { challenges, CHALLENGE_CONNECTIONS, checkuser, nonOk, type Start } from './strict-scale-load';

/** Section 1: checkuser alone and while challenges are drawn, with `threads` draw threads (0: the main thread). */
export async function isolation(start: Start, threads: number, label: string) {
  const server = await start({ CAPTCHA_DRAW_THREADS: String(threads) });
  try {
    await checkuser(server.base, 2); // warm up
    const alone = await checkuser(server.base);
    const [during, drawn] = await Promise.all([checkuser(server.base), challenges(server.base)]);
    return {
      draws: label,
      'checkuser/s alone': Math.round(alone.requests.average),
      'p99 ms alone': alone.latency.p99,
      'checkuser/s during': Math.round(during.requests.average),
      'p99 ms during': during.latency.p99,
      'max ms during': during.latency.max,
      'challenges/s during': Math.round(drawn.requests.average),
      'non-2xx': nonOk(alone, during, drawn),
    };
  } finally {
    await server.stop();
  }
}

/** Section 2: challenges per second with `threads` draw threads. */
export async function challengeRate(start: Start, threads: number) {
  const server = await start({ CAPTCHA_DRAW_THREADS: String(threads), CAPTCHA_DRAW_QUEUE: '1000' });
  try {
    await challenges(server.base, 2, { connections: CHALLENGE_CONNECTIONS, duration: 2 });
    const result = await challenges(server.base);
    return {
      'draw threads': threads,
      'challenges/s': Math.round(result.requests.average),
      'p99 ms': result.latency.p99,
      'non-2xx': nonOk(result),
    };
  } finally {
    await server.stop();
  }
}
