import { fetchCaptchaChallenge, verifyCaptcha } from './captcha';

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

  it('reads n, a y without a token, or junk as a failure', async () => {
    for (const body of [{ status: 'n', info: '验证失败，请重试' }, { status: 'y' }, null, 'y']) {
      answerWith(body);
      expect(await verifyCaptcha({ id: 'c', offsetX: 1, trail: [] }, live())).toEqual({ pass: false });
    }
  });

  it('lets an HTTP error through, so the widget shows a failure', async () => {
    answerWith({ status: 'n' }, 429);
    await expect(fetchCaptchaChallenge({ pixelRatio: 1 }, live())).rejects.toThrow('HTTP 429');
  });

  it.each([
    ['challenge', (signal: AbortSignal) => fetchCaptchaChallenge({ pixelRatio: 1 }, signal)],
    ['verify', (signal: AbortSignal) => verifyCaptcha({ id: 'c', offsetX: 1, trail: [] }, signal)],
  ] as const)('stops the %s request when the widget aborts it (hidden)', async (_name, call) => {
    let seen: AbortSignal | undefined;
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      seen = init.signal ?? undefined;
      seen?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })));
    const controller = new AbortController();
    const pending = call(controller.signal);
    await Promise.resolve();
    expect(seen?.aborted).toBe(false);
    controller.abort();
    expect(seen?.aborted).toBe(true);
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});
