import { CAPTCHA_PATHS, RETRY_AFTER_S } from '@game-register/puzzle-captcha/protocol';
import { accessibleCaptcha, fetchCaptchaChallenge, verifyCaptcha } from './captcha';

const live = () => new AbortController().signal;

function answerWith(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('strict mode calls', () => {
  it('asks /api/captcha/challenge for a puzzle at the pixel ratio', async () => {
    const fetchMock = answerWith({ id: 'c1' });
    expect(await fetchCaptchaChallenge({ pixelRatio: 2 }, live())).toEqual({ id: 'c1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/captcha/challenge');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ pixelRatio: 2 });
  });

  it('sends the answer to /api/captcha/verify and reads y with its token as a pass', async () => {
    const fetchMock = answerWith({ status: 'y', token: 'v1.t' });
    const answer = { id: 'c1', offsetX: 120.5, trail: [{ x: 1, y: 2, t: 0 }] };
    expect(await verifyCaptcha(answer, live())).toEqual({ pass: true, token: 'v1.t' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/captcha/verify');
    expect(JSON.parse(String(init.body))).toEqual(answer);
  });

  it("calls the protocol's four paths under the API base, the ones the gateway registers", async () => {
    const fetchMock = answerWith({ status: 'n' });
    await fetchCaptchaChallenge({ pixelRatio: 1 }, live());
    await verifyCaptcha({ id: 'c', offsetX: 1, trail: [] }, live());
    await accessibleCaptcha.challenge(live());
    await accessibleCaptcha.verify({ id: 'a', work: { task: {} as never, solution: { counter: 1, derivedKey: '' } } }, live());
    const urls = fetchMock.mock.calls.map((call) => (call as unknown as [string])[0]);
    expect(urls).toEqual(Object.values(CAPTCHA_PATHS).map((path) => `/api${path}`));
  });

  it('reads n, a y without a token, or junk as a failure', async () => {
    for (const body of [{ status: 'n', info: '验证失败，请重试' }, { status: 'y' }, null, 'y']) {
      answerWith(body);
      expect(await verifyCaptcha({ id: 'c', offsetX: 1, trail: [] }, live())).toEqual({ pass: false });
    }
  });

  it('lets an HTTP error other than 429 through, so the widget shows a failure', async () => {
    answerWith({ status: 'n' }, 503);
    await expect(fetchCaptchaChallenge({ pixelRatio: 1 }, live())).rejects.toThrow('HTTP 503');
    answerWith({ status: 'n' }, 400);
    await expect(verifyCaptcha({ id: 'c', offsetX: 1, trail: [] }, live())).rejects.toThrow('HTTP 400');
  });

  it.each([
    ['challenge', () => fetchCaptchaChallenge({ pixelRatio: 1 }, live())],
    ['verify', () => verifyCaptcha({ id: 'c', offsetX: 1, trail: [] }, live())],
    ['accessible challenge', () => accessibleCaptcha.challenge(live())],
    [
      'accessible verify',
      () => accessibleCaptcha.verify({ id: 'a', work: { task: {} as never, solution: { counter: 1, derivedKey: '' } } }, live()),
    ],
  ] as const)('reads a 429 of the %s as the wait its Retry-After names, bounded', async (_name, call) => {
    for (const [header, seconds] of [
      ['42', 42],
      [null, RETRY_AFTER_S.fallback],
      ['junk', RETRY_AFTER_S.fallback],
      ['100000', RETRY_AFTER_S.max],
    ] as const) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(header === null ? {} : { 'retry-after': header }) };
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ status: 'n', info: '请求过于频繁，请稍后再试' }), { status: 429, headers })),
      );
      expect(await call()).toEqual({ retryAfterS: seconds });
    }
  });

  it.each([
    ['challenge', (signal: AbortSignal) => fetchCaptchaChallenge({ pixelRatio: 1 }, signal)],
    ['verify', (signal: AbortSignal) => verifyCaptcha({ id: 'c', offsetX: 1, trail: [] }, signal)],
  ] as const)('stops the %s request when the widget aborts it (hidden)', async (_name, call) => {
    let seen: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            seen = init.signal ?? undefined;
            seen?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = call(controller.signal);
    await Promise.resolve();
    expect(seen?.aborted).toBe(false);
    controller.abort();
    expect(seen?.aborted).toBe(true);
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});
