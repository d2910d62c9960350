// What the attack bench's agents share: the simulated clock (the server's runs `speed` times faster than
// real time, and so does every wait here), the bytes each attempt puts on the wire, what a challenge says
// of its level and picture, and the record of one attempt.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Simulated seconds since `startedAt` (a real Date.now()), at `speed` simulated seconds per real one. */
export function simClock(startedAt: number, speed: number) {
  const now = () => ((Date.now() - startedAt) * speed) / 1000;
  const sleepUntil = (simSeconds: number) => {
    const realMs = (simSeconds * 1000) / speed - (Date.now() - startedAt);
    return realMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, realMs)) : Promise.resolve();
  };
  return { now, speed, sleepUntil, sleep: (simSeconds: number) => sleepUntil(now() + simSeconds) };
}
export type SimClock = ReturnType<typeof simClock>;

/** One request and what came of it: a bot's attempt, one try of a crowd visitor, or a probe. */
export interface Attempt {
  /** Simulated seconds from the scenario's start, when the challenge was asked for. */
  t: number;
  who: 'bot' | 'crowd' | 'probe';
  address: string;
  net: string;
  /** The challenge's HTTP status (200, or 429 / 503 refused). */
  status: number;
  /** The level and picture sealed into the challenge's work (null when none was issued; a level 0 when not sealed). */
  level: number | null;
  picture: string | null;
  outcome: 'passed' | 'failed' | 'locked' | 'busy' | 'refused' | 'unanswered';
  /** Retry-After of a refusal, in the server's (simulated) seconds. */
  retryAfter: number | null;
  /** Request and response bytes of its calls (request line, headers and bodies, as plain HTTP/1.1). */
  bytes: number;
  workCpu: number;
  visionCpu: number;
  /** The crowd's visitor, and whether it came with the ad burst. */
  visitor?: number;
  burst?: boolean;
}

/** The level (0-3) and picture a challenge carries in its work task's signed data; level 0 before levels existed. */
export function sealedLevel(challenge: { work?: { parameters?: { data?: Record<string, unknown> } } }): { level: number; picture: string } {
  const data = challenge.work?.parameters?.data ?? {};
  return { level: typeof data.lv === 'number' ? data.lv : 0, picture: typeof data.pic === 'string' ? data.pic : 'n/a' };
}

const bytesOfAttempt = new AsyncLocalStorage<{ bytes: number }>();
/** The headers undici adds to every request (connection, user-agent, accept, accept-language, sec-fetch-mode, accept-encoding), as sent. */
const FETCH_DEFAULT_HEADER_BYTES = 130;

/**
 * Counts the bytes of every fetch made inside `measure`: request line, headers and body, and the response's
 * status line, headers and body (its Content-Length). Installed once per agent process.
 */
export function countFetchBytes() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const counter = bytesOfAttempt.getStore();
    if (counter) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = Object.entries((init?.headers ?? {}) as Record<string, string>);
      const body = typeof init?.body === 'string' ? Buffer.byteLength(init.body) : 0;
      const sent = `${init?.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-length: ${body}\r\n`
        .length;
      let received = `HTTP/1.1 ${response.status} ${response.statusText}\r\n`.length;
      response.headers.forEach((value, name) => (received += name.length + value.length + 4));
      received += Number(response.headers.get('content-length') ?? 0);
      counter.bytes +=
        sent +
        FETCH_DEFAULT_HEADER_BYTES +
        headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0) +
        body +
        received;
    }
    return response;
  };
}

/** Runs `work`, counting the bytes its fetches put on the wire. */
export async function measure<T>(work: () => Promise<T>): Promise<{ result: T; bytes: number }> {
  const counter = { bytes: 0 };
  const result = await bytesOfAttempt.run(counter, work);
  return { result, bytes: counter.bytes };
}
