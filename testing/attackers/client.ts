// A small strict-mode client for the bot bench and its tests: the three calls a bot makes (challenge,
// verify, the gated reg), against a base URL, optionally posing as another address with X-Forwarded-For
// (the server believes it only when started with TRUST_PROXY). It reads answers the way a bot must: 200
// with a body, 429 with Retry-After (locked or rate limited), 503 (busy), other 4xx (refused outright).
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';

/** One answer: the HTTP status, the parsed JSON body, and Retry-After in seconds when sent. */
export interface Answer {
  status: number;
  /** The parsed JSON body (a string when it was not JSON; null when empty). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bot reads whatever the server sent
  body: any;
  retryAfter: number | null;
}

export interface ClientOptions {
  base: string;
  /** Sent as X-Forwarded-For (believed only by a server started with TRUST_PROXY); null: the connection's own. */
  address?: string | null;
}

export interface VerifyBody {
  id: string;
  offsetX: number;
  trail: Array<{ x: number; y: number; t: number }>;
  work?: unknown;
}

export interface Client {
  base: string;
  address: string | null;
  /** The same server as another address. */
  as(other: string | null): Client;
  challenge(pixelRatio?: number): Promise<Answer>;
  verify(body: VerifyBody): Promise<Answer>;
  /** The registration call with a pass token (none when null), in the app's fixed query order. */
  register(token: string | null, account: { name: string; mobile: string; password?: string }): Promise<Answer>;
}

export type Outcome = 'passed' | 'failed' | 'locked' | 'busy' | 'refused';
export type AddressMode = 'one' | 'net24' | 'many24';

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const retry = response.headers.get('retry-after');
  return { status: response.status, body, retryAfter: retry === null ? null : Number(retry) };
}

/** A client of one server, as one address (or the connection's own when `address` is null). */
export function createClient({ base, address = null }: ClientOptions): Client {
  const post = async (path: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (address) headers['x-forwarded-for'] = address;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const send = () => fetch(`${base}${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    // A kept-alive connection the server closed while the bot's own CPU work held its event loop fails at once
    // ("fetch failed", the socket already gone): sent again once, on a new connection. Anything else is thrown.
    const response = await send().catch((error: unknown) => {
      if (error instanceof TypeError && error.message === 'fetch failed') return send();
      throw error;
    });
    return answerOf(response);
  };
  return {
    base,
    address,
    as: (other) => createClient({ base, address: other }),
    challenge: (pixelRatio = 1) => post(`/api${CAPTCHA_PATHS.challenge}`, { pixelRatio }),
    verify: (body) => post(`/api${CAPTCHA_PATHS.verify}`, body),
    register: (token, { name, mobile, password = 'Bot#12345' }) => {
      const query = new URLSearchParams({
        name,
        Password: password,
        rePassword: password,
        wash: '1',
        washType: '2',
        code: 'H5REG',
        mobile,
        QQ: '',
        islogin: 'true',
      });
      if (token !== null) query.set('captchaToken', token);
      return post(`/api/Index/reg?${query}`);
    },
  };
}

/** What one call's answer means to a bot: 429 locked, 503 busy, other non-200 refused, else passed or failed. */
export function outcomeOf(answer: Answer): Outcome {
  if (answer.status === 429) return 'locked';
  if (answer.status === 503) return 'busy';
  if (answer.status !== 200) return 'refused';
  return answer.body?.status === 'y' ? 'passed' : 'failed';
}

/**
 * Addresses a bot poses as, per attempt: `one` (a single address), `net24` (a new address each attempt,
 * all inside one /24), `many24` (each attempt from another /24). `lane` keeps runs apart (each bot and mode
 * its own addresses, so one run's failures never lock another's).
 */
export function addressPlan(mode: AddressMode, lane: number): (attempt: number) => string {
  const octet = lane & 255;
  if (mode === 'one') return () => `198.18.${octet}.7`;
  if (mode === 'net24') return (attempt) => `198.19.${octet}.${1 + (attempt % 254)}`;
  return (attempt) => `10.${octet}.${attempt & 255}.${1 + ((attempt * 37) % 254)}`;
}
