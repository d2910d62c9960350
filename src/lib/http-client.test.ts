import { buildQuery, createHttpClient, HttpError, redactQuery } from './http-client';

function clientWith(fetchImpl: typeof fetch, log?: (line: string) => void) {
  return createHttpClient({ baseUrl: '/api', timeoutMs: 5000, fetchImpl, log });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('buildQuery', () => {
  it('keeps the order given, keeps empty values and encodes everything', () => {
    expect(
      buildQuery([
        ['name', 'a b&c'],
        ['QQ', ''],
        ['emoji', '😀'],
        ['islogin', 'true'],
      ]),
    ).toBe('name=a%20b%26c&QQ=&emoji=%F0%9F%98%80&islogin=true');
  });
});

describe('redactQuery', () => {
  it('hides Password and rePassword whatever their case', () => {
    expect(
      redactQuery([
        ['name', 'u'],
        ['Password', 's3cret'],
        ['rePassword', 's3cret'],
      ]),
    ).toBe('name=u&Password=***&rePassword=***');
  });
});

describe('createHttpClient', () => {
  afterEach(() => vi.useRealTimers());

  it('posts JSON under the base path with the query in order and returns the parsed answer', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json({ status: 'y', info: '' }));
    const answer = await clientWith(fetchImpl).post('/Index/checkuser', {
      query: [
        ['param', 'bob'],
        ['name', 'name'],
      ],
      body: { param: 'bob', name: 'name' },
    });
    expect(answer).toEqual({ status: 'y', info: '' });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/Index/checkuser?param=bob&name=name');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"param":"bob","name":"name"}');
  });

  it('sends no body and no content type when there is none', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json({}));
    await clientWith(fetchImpl).post('/Index/reg');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/Index/reg');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('tells a timeout after 5000 ms', async () => {
    vi.useFakeTimers();
    const fetchImpl: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const pending = clientWith(fetchImpl).post('/x');
    const caught = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await caught;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).kind).toBe('timeout');
  });

  it('tells a network failure', async () => {
    const fetchImpl: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(clientWith(fetchImpl).post('/x')).rejects.toMatchObject({ kind: 'network' });
  });

  it('tells a non-2xx status', async () => {
    const fetchImpl: typeof fetch = async () => json({ status: 'n' }, 500);
    await expect(clientWith(fetchImpl).post('/x')).rejects.toMatchObject({ kind: 'status', status: 500 });
  });

  it('tells an answer that is not JSON', async () => {
    const fetchImpl: typeof fetch = async () => new Response('<html>502 Bad Gateway</html>', { status: 200 });
    await expect(clientWith(fetchImpl).post('/x')).rejects.toMatchObject({ kind: 'parse' });
  });

  it('logs requests without the passwords', async () => {
    const lines: string[] = [];
    const fetchImpl: typeof fetch = async () => json({ status: 'y' });
    await clientWith(fetchImpl, (line) => lines.push(line)).post('/Index/reg', {
      query: [
        ['name', 'bob'],
        ['Password', 'hunter22'],
        ['rePassword', 'hunter22'],
      ],
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('hunter22');
    expect(lines.join('\n')).toContain('name=bob');
  });
});
