import type { FastifyInstance } from 'fastify';
import type { ChannelSettings } from '@game-register/site-settings';
import { buildTestApp } from '../server/test-support';
import { parseExposition, scrape } from '../server/metrics';
import { channelLabel, forwardedFields, forwardedNames, isBackendCall } from '../server/reading';
import { sendRaw, type RawResponse } from '../http/raw-http';
import { startTestPhp, type PhpReading, type TestPhp } from './test-php';
import type { RawRequest } from '../hostile/hostile-spellings';

/** The channels the oracle's gateway lists: the app's requests name the default. */
export const ORACLE_CHANNELS: ChannelSettings = { default: 'H5REG', allowed: ['CH7'], param: 'c' };
/** Budgets of distinct sizes, so a response's X-RateLimit-Limit says which one it paid from. */
const LIMITS = { checks: 1_000_000, reg: 900_000 } as const;
const P = 'game_register_';

/** The gateway in proxy mode in front of PHP, on real sockets, with its metrics on. */
export async function startPhpGateway() {
  const php: TestPhp = await startTestPhp();
  const { app } = await buildTestApp(
    {
      apiTarget: new URL(php.origin),
      metrics: { port: 0, host: '127.0.0.1' },
      rateLimit: { windowMs: 60_000, checksPerWindow: LIMITS.checks, regPerWindow: LIMITS.reg },
    },
    { channels: () => ORACLE_CHANNELS },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { app, php, port, close: async () => (await app.close(), await php.close()) };
}

export type PhpGateway = Awaited<ReturnType<typeof startPhpGateway>>;

/** What the gateway counted for the last request: the funnel series that moved, by call and channel. */
async function countedSince(app: FastifyInstance, before: Map<string, number>) {
  const { samples } = parseExposition((await scrape(app)).text);
  const now = new Map<string, number>();
  const add = (key: string, value: number) => now.set(key, (now.get(key) ?? 0) + value);
  for (const sample of samples) {
    if (sample.name === `${P}check_answers_total`) add(`${sample.labels.call}|${sample.labels.channel}`, sample.value);
    if (sample.name === `${P}reg_outcomes_total`) add(`reg|${sample.labels.channel}`, sample.value);
  }
  const moved = [...now].filter(([key, value]) => value !== (before.get(key) ?? 0)).map(([key]) => key);
  return { moved, now };
}

/** An object's JSON with its keys in order: fields compare by name and value, not by position. */
const sorted = (fields: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((name) => [name, fields[name]]),
  );

export interface Verdict {
  refused: boolean;
  problems: string[];
}

/**
 * Sends one raw request through the gateway and judges it against what PHP read: either the gateway refused it
 * (a JSON 4xx, nothing reached PHP, a 400 or 415 paid from reg's budget), or PHP read exactly the call the
 * gateway counted and charged, the fields it read, no other name from any source, and the channel code counted.
 */
export async function judgeThroughPhp(
  gateway: PhpGateway,
  request: RawRequest,
  before: Map<string, number>,
): Promise<Verdict & { after: Map<string, number> }> {
  const response: RawResponse = await sendRaw({
    port: gateway.port,
    method: request.method,
    target: request.target,
    headers: request.headers,
    body: request.body,
  });
  const readings: PhpReading[] = await gateway.php.readings();
  const { moved, now } = await countedSince(gateway.app, before);
  const problems: string[] = [];
  const budget = Number(response.headers['x-ratelimit-limit']);
  if (response.status >= 400) {
    if (readings.length > 0) problems.push(`refused with ${response.status} but PHP received ${readings[0]!.requestUri}`);
    if (!/"status":"n"/.test(response.body)) problems.push(`refusal without the API's JSON: ${response.body.slice(0, 80)}`);
    if ((response.status === 400 || response.status === 415) && budget !== LIMITS.reg)
      problems.push(`a ${response.status} paid from the ${budget} budget, not reg's`);
    return { refused: true, problems, after: now };
  }
  if (readings.length !== 1) return { refused: false, problems: [`${response.status} with ${readings.length} PHP readings`], after: now };
  const php = readings[0]!;
  const counted = moved.map((key) => key.split('|') as [string, string]);
  if (counted.length !== 1) problems.push(`counted ${JSON.stringify(moved)}`);
  const [call, channel] = counted[0] ?? ['none', 'none'];
  if (php.call !== call || !isBackendCall(php.call))
    return { refused: false, problems: [...problems, `PHP routed ${php.call}, the gateway counted ${call}`], after: now };
  if (budget !== (call === 'reg' ? LIMITS.reg : LIMITS.checks)) problems.push(`${call} paid from the ${budget} budget`);
  const expected = forwardedFields(request, php.call, ORACLE_CHANNELS);
  if (sorted(php.param) !== sorted(expected))
    problems.push(`PHP read ${JSON.stringify(php.param)}, the gateway ${JSON.stringify(expected)}`);
  const allowed = new Set<string>(forwardedNames(php.call));
  for (const [source, values] of Object.entries({
    get: php.get,
    post: php.post,
    cookie: php.cookie,
    path: php.pathParams,
    request: php.request,
  })) {
    const stray = Object.keys(values).filter((name) => !allowed.has(name));
    if (stray.length > 0) problems.push(`PHP's ${source} holds ${stray.join(',')}`);
  }
  if (php.call === 'reg' && typeof php.param.code === 'string') {
    const code = php.param.code;
    if (channel !== channelLabel(code, ORACLE_CHANNELS) && !(channel === 'other' && code === ORACLE_CHANNELS.default))
      problems.push(`PHP read code ${code}, the funnel counted ${channel}`);
  }
  return { refused: false, problems, after: now };
}
