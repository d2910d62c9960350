import { captchaServer } from './captcha';
import { puzzleOpenings } from './puzzle-opening';

// The strict-mode server as the app meets it over fetch: each answer in turn (a body, or a status to fail with, or
// a fetch that only ends when it is stopped); the beacons as the browser would send them.
type Reply = { body: unknown; status?: number } | 'hang';

function serverAnswers(...replies: Reply[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      const reply = replies.shift()!;
      if (reply === 'hang') {
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError'))),
        );
      }
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(reply.status === 429 && { 'retry-after': '30' }) };
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers }));
    }),
  );
}

function beacons() {
  const sendBeacon = vi.fn((_url: string) => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  return () => sendBeacon.mock.calls.map(([url]) => url);
}

/** A challenge as the gateway sends it: the sealed data holds who fetched it too, which no beacon may carry. */
const puzzle = (lv: number, pic: string) => ({
  body: {
    id: `c${lv}`,
    work: {
      parameters: { data: { cid: `c${lv}`, kind: 'puzzle', d: 0, lv, pic, by: '203.0.113.9', net: '203.0.113.0/24', nk: 'carrier' } },
      signature: 's',
    },
  },
});

let openings = puzzleOpenings(captchaServer);
/** The widget fetching a puzzle through the opening's server. */
const fetchPuzzle = () => openings.server!.challenge({ pixelRatio: 2 }, new AbortController().signal);

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the funnel beacons of one opening of the puzzle', () => {
  beforeEach(() => {
    openings = puzzleOpenings(captchaServer);
  });

  it('carry pic=browser in the default mode, shown at once', () => {
    const sent = beacons();
    const local = puzzleOpenings(undefined);
    expect(local.server).toBeUndefined();
    local.open();
    expect(sent()).toEqual(['/api/funnel?step=shown&c=H5REG&pic=browser']);
    local.passed();
    expect(sent()).toEqual(['/api/funnel?step=shown&c=H5REG&pic=browser', '/api/funnel?step=passed&c=H5REG&pic=browser']);
  });

  it('carry the level and picture the first puzzle seals, and only those, in strict mode', async () => {
    const sent = beacons();
    serverAnswers(puzzle(0, 'guarded'), puzzle(1, 'plain'));
    openings.open();
    expect(sent()).toEqual([]); // shown waits for the first puzzle
    expect(await fetchPuzzle()).toMatchObject({ id: 'c0' }); // the widget gets the challenge as it came
    expect(sent()).toEqual(['/api/funnel?step=shown&c=H5REG&lv=0&pic=guarded']);
    await fetchPuzzle(); // a second puzzle of the same opening (a refresh, a miss): no second shown
    openings.passed();
    expect(sent()).toEqual(['/api/funnel?step=shown&c=H5REG&lv=0&pic=guarded', '/api/funnel?step=passed&c=H5REG&lv=0&pic=guarded']);
  });

  it('carry no level when the first fetch fails or is refused, and still send shown once', async () => {
    const sent = beacons();
    serverAnswers(
      { body: { status: 'n' }, status: 503 },
      puzzle(2, 'guarded'),
      { body: { status: 'n' }, status: 429 },
      puzzle(3, 'guarded'),
    );
    openings.open();
    await expect(fetchPuzzle()).rejects.toThrow('HTTP 503');
    await fetchPuzzle(); // the widget's next try: the opening's shown is already sent
    openings.passed();
    openings.open();
    expect(await fetchPuzzle()).toEqual({ retryAfterS: 30 }); // refused: the widget counts down
    await fetchPuzzle();
    expect(sent()).toEqual(['/api/funnel?step=shown&c=H5REG', '/api/funnel?step=passed&c=H5REG', '/api/funnel?step=shown&c=H5REG']);
  });

  it('send shown with no level for an opening closed, or left waiting, before its first puzzle came', async () => {
    const sent = beacons();
    serverAnswers('hang', 'hang', puzzle(2, 'guarded'));
    openings.open();
    const stop = new AbortController();
    const stopped = openings.server!.challenge({ pixelRatio: 2 }, stop.signal);
    stop.abort(); // the puzzle closed
    await expect(stopped).rejects.toThrow();
    openings.open();
    void fetchPuzzle(); // never settles
    openings.open(); // the next opening: the last one's shown goes now
    await fetchPuzzle();
    expect(sent()).toEqual([
      '/api/funnel?step=shown&c=H5REG',
      '/api/funnel?step=shown&c=H5REG',
      '/api/funnel?step=shown&c=H5REG&lv=2&pic=guarded',
    ]);
  });

  it('never cost the visitor the puzzle when beacons are refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: () => {
        throw new TypeError('refused');
      },
    });
    serverAnswers(puzzle(1, 'plain'));
    openings.open();
    expect(await fetchPuzzle()).toMatchObject({ id: 'c1' });
    expect(() => openings.passed()).not.toThrow();
  });
});
