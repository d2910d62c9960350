// Drawing shared among networks while it runs short: a clock the test moves, networks fetching at their paces.
import { DRAW_SHARE } from '../core/rules/policy';
import { createDrawShare } from './draw-share';

function setUp() {
  const clock = { at: 0 };
  const drawShare = createDrawShare({ now: () => clock.at });
  // A fetch as the route makes it: asked, and counted once it is handed a puzzle.
  const share = {
    ...drawShare,
    admit: (network: string, short: boolean) => drawShare.admit(network, short) && (drawShare.took(network), true),
  };
  return { clock, share };
}

describe('the draw share', () => {
  it('serves every fetch and only counts it while drawing is not short', () => {
    const { share } = setUp();
    for (let i = 0; i < 1000; i += 1) expect(share.admit('2001:db8:aa::/48', false)).toBe(true);
    expect(share.countOf('2001:db8:aa::/48')).toBeCloseTo(1000);
  });

  it("counts a puzzle only when one is handed over: fetches asked and then refused (a locked address's) put a network behind nobody", () => {
    const clock = { at: 0 };
    const share = createDrawShare({ now: () => clock.at });
    for (let i = 0; i < 200; i += 1) expect(share.admit('198.51.100.0/24', true)).toBe(true); // asked, never handed one
    expect(share.countOf('198.51.100.0/24')).toBe(0);
    for (let i = 0; i < 20; i += 1) share.took('203.0.113.0/24');
    // The other network has had 20; the one that only asked is served while drawing is short, its people with it.
    expect(share.admit('198.51.100.0/24', true)).toBe(true);
    expect(share.admit('203.0.113.0/24', true)).toBe(true); // alone in wanting more than its part, it has it
  });

  it('while short, refuses the network with the most of late and serves the others at once', () => {
    const { clock, share } = setUp();
    for (let i = 0; i < 300; i += 1) share.admit('2001:db8:aa::/48', false); // it drained the stock
    const people = Array.from({ length: 50 }, (_, i) => `198.51.${i}.0/24`);
    const served = { flood: 0, people: 0 };
    // 2 s short: the /48 asks every millisecond, each people's network twice in all.
    for (let ms = 0; ms < 2000; ms += 1) {
      clock.at = ms;
      if (ms % 40 === 0)
        for (const [i, network] of people.entries()) if ((ms / 40 + i) % 25 === 0 && share.admit(network, true)) served.people += 1;
      if (share.admit('2001:db8:aa::/48', true)) served.flood += 1;
    }
    expect(served.people).toBe(100); // every one
    expect(served.flood).toBe(0); // its 300 are worth 150 after a half-life: still the most
    // Once its count has decayed to the others', it has its share like them: served now and then, not shut out.
    for (let ms = 2000; ms < 20_000; ms += 1) {
      clock.at = ms;
      if (share.admit('2001:db8:aa::/48', true)) served.flood += 1;
      if (ms % 500 === 0) share.admit(people[(ms / 500) % people.length]!, true); // people still coming
    }
    expect(served.flood).toBeGreaterThan(0);
    expect(served.flood).toBeLessThan(100);
    expect(share.countOf('2001:db8:aa::/48')).toBeLessThan(DRAW_SHARE.freeTakes + 2);
  });

  it('while short, serves a network alone: no other wants drawing, so its waiting would serve no one', () => {
    const { clock, share } = setUp();
    share.admit('198.51.100.0/24', true);
    clock.at = 2 * DRAW_SHARE.halfLifeMs + 1; // the person's puzzle is past two half-lives
    let served = 0;
    for (let i = 0; i < 500; i += 1) if (share.admit('36.128.8.0/24', true)) served += 1;
    expect(served).toBe(500);
    // Someone else asks: served at once, and from then on the carrier waits for its share.
    expect(share.admit('198.51.100.0/24', true)).toBe(true);
    expect(share.admit('36.128.8.0/24', true)).toBe(false);
  });

  it('shares among the networks that want more than the rest: each gets about as many (max-min)', () => {
    const { clock, share } = setUp();
    const served = new Map<string, number>();
    const floods = ['2001:db8:aa::/48', '2001:db8:bb::/48', '203.0.113.0/24'];
    for (let ms = 0; ms < 10_000; ms += 1) {
      clock.at = ms;
      // Each asks every millisecond; drawing is short all along.
      for (const network of floods) if (share.admit(network, true)) served.set(network, (served.get(network) ?? 0) + 1);
    }
    const counts = floods.map((network) => served.get(network) ?? 0);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
  });

  it('keeps its counts in a fixed table: a million networks seen, the one flooding is still the one refused', () => {
    const { clock, share } = setUp();
    for (let i = 0; i < 1_000_000; i += 1) {
      clock.at = i / 1000; // a million networks in a second
      share.admit(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}/32`, false);
    }
    for (let i = 0; i < 5000; i += 1) share.admit('2001:db8:aa::/48', false);
    expect(share.admit('2001:db8:aa::/48', true)).toBe(false);
    expect(share.admit('192.0.2.0/24', true)).toBe(true);
  });

  it('rebases its counts long after it started, keeping what they were', () => {
    const { clock, share } = setUp();
    clock.at = DRAW_SHARE.halfLifeMs * 2000; // past the rebase
    share.admit('192.0.2.0/24', false);
    share.admit('192.0.2.0/24', false);
    clock.at += DRAW_SHARE.halfLifeMs;
    expect(share.countOf('192.0.2.0/24')).toBeCloseTo(1);
  });
});
