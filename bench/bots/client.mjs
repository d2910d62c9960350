// A small strict-mode client for the bot bench and its tests: the three calls a bot makes (challenge,
// verify, the gated reg), against a base URL, optionally posing as another address with X-Forwarded-For
// (the server believes it only when started with TRUST_PROXY). It reads answers the way a bot must: 200
// with a body, 429 with Retry-After (locked or rate limited), 503 (busy), other 4xx (refused outright).

/**
 * @typedef {{ status: number, body: any, retryAfter: number | null }} Answer
 * @typedef {{ base: string, address?: string | null }} ClientOptions
 */

/** @param {Response} response @returns {Promise<Answer>} */
async function answerOf(response) {
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

/**
 * A client of one server, as one address (or the connection's own when `address` is null).
 * @param {ClientOptions} options
 */
export function createClient({ base, address = null }) {
  /** @param {string} path @param {unknown} [body] */
  const post = async (path, body) => {
    /** @type {Record<string, string>} */
    const headers = {};
    if (address) headers['x-forwarded-for'] = address;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return answerOf(response);
  };
  return {
    base,
    address,
    /** The same server as another address. @param {string | null} other */
    as: (other) => createClient({ base, address: other }),
    /** @param {number} [pixelRatio] */
    challenge: (pixelRatio = 1) => post('/api/captcha/challenge', { pixelRatio }),
    /** @param {{ id: string, offsetX: number, trail: Array<{ x: number, y: number, t: number }>, work?: unknown }} body */
    verify: (body) => post('/api/captcha/verify', body),
    /**
     * The registration call with a pass token, in the app's fixed query order.
     * @param {string | null} token
     * @param {{ name: string, mobile: string, password?: string }} account
     */
    register: (token, { name, mobile, password = 'Bot#12345' }) => {
      const query = new URLSearchParams({ name, Password: password, rePassword: password, wash: '1', washType: '2', code: 'H5REG', mobile, QQ: '', islogin: 'true' });
      if (token !== null) query.set('captchaToken', token);
      return post(`/api/Index/reg?${query}`);
    },
  };
}

/** What one call's answer means to a bot. @param {Answer} answer */
export function outcomeOf(answer) {
  if (answer.status === 429) return 'locked';
  if (answer.status === 503) return 'busy';
  if (answer.status !== 200) return 'refused';
  return answer.body?.status === 'y' ? 'passed' : 'failed';
}

/**
 * Addresses a bot poses as, per attempt: `one` (a single address), `net24` (a new address each attempt,
 * all inside one /24), `many24` (each attempt from another /24). `lane` keeps runs apart (each bot and mode
 * its own addresses, so one run's failures never lock another's).
 * @param {'one' | 'net24' | 'many24'} mode
 * @param {number} lane 0..255
 * @returns {(attempt: number) => string}
 */
export function addressPlan(mode, lane) {
  const octet = lane & 255;
  if (mode === 'one') return () => `198.18.${octet}.7`;
  if (mode === 'net24') return (attempt) => `198.19.${octet}.${1 + (attempt % 254)}`;
  return (attempt) => `10.${octet}.${attempt & 255}.${1 + ((attempt * 37) % 254)}`;
}
