// What the runs of bench/strict/strict-scale.ts share: the load's sizes, the server they start, and the requests they make.
import autocannon, { type Options } from 'autocannon';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { startServer, STRICT_ENV, type ServerEnv } from '../common/server-process';

export const DURATION_S = Number(process.env.BENCH_DURATION || 10);
export const CHECK_CONNECTIONS = 10;
export const CHALLENGE_CONNECTIONS = 8;
export const SEQUENTIAL_RUNS = Number(process.env.BENCH_VERIFY_RUNS || 200);
export const BURST = 200;
/** The stock for sections 4 and 5: the burst's size (the default, 300, takes long to fill on a busy machine). */
export const STOCK = BURST;

/** Which build the runs start: the built server, or another one to compare with (--server). */
export const runsOf = (entry?: string) => (env: ServerEnv) => startServer({ ...STRICT_ENV, ...env }, entry);
export type Start = ReturnType<typeof runsOf>;

export const checkuser = (base: string, duration = DURATION_S) =>
  autocannon({ url: `${base}/api/Index/checkuser?param=benchuser`, method: 'POST', connections: CHECK_CONNECTIONS, duration });
export const challenges = (
  base: string,
  pixelRatio = 2,
  load: Omit<Options, 'url'> = { connections: CHALLENGE_CONNECTIONS, duration: DURATION_S },
) =>
  autocannon({
    ...load,
    url: `${base}/api${CAPTCHA_PATHS.challenge}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pixelRatio }),
  });
export const nonOk = (...results: autocannon.Result[]) => results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
