import { freshState } from '../core/rules/hysteresis';
import { SIGNAL_WINDOWS } from '../core/rules/signals';
import { SITE_SHARE_PER_NETWORK } from '../core/rules/policy';
import type { StoreBacking } from './store-backing';
import type { CaptchaStore } from '../core/ports';

const HOUR = SIGNAL_WINDOWS.passesHour.windowMs;

/** The signals every store keeps for the difficulty levels (rules/signals.ts); run by describeStoreContract. */
export function describeSignalsContract(name: string, makeBacking: () => Promise<StoreBacking>) {
  describe(`difficulty signals: ${name}`, () => {
    let backing: StoreBacking;
    let store: CaptchaStore;
    /** The backing's clock at the start of an hour (so every window starts with it), plus `ms`. */
    let hourStart: number;
    const at = (ms: number) => hourStart + ms;
    beforeEach(async () => {
      backing = await makeBacking();
      store = await backing.open(null);
      backing.advance(HOUR - (backing.now() % HOUR));
      hourStart = backing.now();
    });
    afterEach(() => backing.close());

    it("counts an address's fetches for the address alone, and its answers for the address and its whole network", async () => {
      const { signals } = store;
      for (let i = 0; i < 3; i += 1) await signals.record('challenge', '198.51.100.7', '198.51.100.0/24', at(1000));
      await signals.record('fail', '198.51.100.7', '198.51.100.0/24', at(2000));
      await signals.record('pass', '198.51.100.7', '198.51.100.0/24', at(3000));
      const mine = await signals.record('challenge', '198.51.100.7', '198.51.100.0/24', at(3500));
      expect(mine.address.counts).toEqual({
        minuteCount: 4,
        answers10m: 2,
        failures10m: 1,
        successes10m: 1,
        successes1h: 1,
        accessible10m: 0,
      });
      const reading = await signals.record('challenge', '198.51.100.8', '198.51.100.0/24', at(4000));
      expect(reading.address.counts).toEqual({
        minuteCount: 1,
        answers10m: 0,
        failures10m: 0,
        successes10m: 0,
        successes1h: 0,
        accessible10m: 0,
      });
      // The network's challenges are the answers that came back with work: four bare fetches moved nothing.
      expect(reading.network.counts).toEqual({
        minuteCount: 2,
        answers10m: 2,
        failures10m: 1,
        successes10m: 1,
        successes1h: 1,
        accessible10m: 0,
      });
      const other = await signals.record('pass', '203.0.113.1', '203.0.113.0/24', at(5000));
      expect(other.network.counts.minuteCount).toBe(1);
    });

    it('makes a pass without the picture a pass for the levels, but not one that makes its address known good', async () => {
      const { signals } = store;
      await signals.record('accessiblePass', '198.51.100.7', '198.51.100.0/24', at(1000));
      const reading = await signals.record('challenge', '198.51.100.7', '198.51.100.0/24', at(2000));
      expect(reading.address.counts).toMatchObject({ answers10m: 1, successes10m: 1, successes1h: 0, accessible10m: 0 });
      expect(reading.network.counts).toMatchObject({
        minuteCount: 1,
        answers10m: 1,
        successes10m: 1,
        successes1h: 1,
        accessible10m: 1,
      });
    });

    it('counts nothing for a network when none is named: the address alone', async () => {
      const { signals } = store;
      const reading = await signals.record('fail', '198.51.100.7', null, at(1000));
      expect(reading.address.counts).toMatchObject({ answers10m: 1, failures10m: 1 });
      expect((await signals.record('challenge', '198.51.100.8', '198.51.100.0/24', at(2000))).network.counts).toMatchObject({
        minuteCount: 0,
        answers10m: 0,
      });
      expect((await signals.site(at(61_000))).challenges).toBe(0);
    });

    it("counts a network's failure for the network alone (a carrier NAT's, its address's counted apart), never the carriers' passes", async () => {
      const { signals } = store;
      const reading = await signals.record('networkFail', '36.128.9.1', '36.128.9.0/24', at(1000), false);
      expect(reading.network.counts).toMatchObject({ minuteCount: 1, answers10m: 1, failures10m: 1, successes10m: 0 });
      expect(reading.address.counts).toMatchObject({ minuteCount: 0, answers10m: 0, failures10m: 0 });
      expect((await signals.carriers(at(61_000))).passes).toBe(0);
    });

    it('slides each window: its oldest bucket fades as the window leaves it, then counts nothing', async () => {
      const { signals } = store;
      for (let i = 0; i < 10; i += 1) await signals.record('fail', '198.51.100.7', '198.51.100.0/24', at(0));
      await signals.record('pass', '198.51.100.7', '198.51.100.0/24', at(0));
      // Challenges are kept in 10 s buckets: 55 s on, all eleven are within the minute; 65 s on, their bucket is
      // half out of it; 75 s on, wholly.
      const counted = async (ms: number) =>
        (await signals.record('pass', '198.51.100.9', '198.51.100.0/24', at(ms))).network.counts.minuteCount;
      expect(await counted(55_000)).toBe(11 + 1);
      expect(await counted(65_000)).toBeCloseTo(11 / 2 + 2);
      expect(await counted(75_000)).toBe(3);
      // Passes: out of the 10-minute count after 12 minutes, still in the hour's.
      const hour = await signals.record('challenge', '198.51.100.9', '198.51.100.0/24', at(12 * 60_000));
      expect(hour.network.counts).toMatchObject({ successes10m: 0, successes1h: 4, accessible10m: 0 });
    });

    it('keeps a level state for an address or a network, gives it back with the counts, and forgets it', async () => {
      const { signals } = store;
      const state = { ...freshState(at(0)), level: 2 as const, changes: [at(0)] };
      await signals.saveState('network', '198.51.100.0/24', state, HOUR);
      const reading = await signals.record('challenge', '198.51.100.7', '198.51.100.0/24', at(1000));
      expect(reading.network.state).toEqual(state);
      expect(reading.address.state).toBeNull();
      await signals.saveState('network', '198.51.100.0/24', null, HOUR);
      expect((await signals.record('challenge', '198.51.100.7', '198.51.100.0/24', at(2000))).network.state).toBeNull();
    });

    it("reads the site's last whole minute: its answered challenges, each network counted up to its share, and its ten busiest networks' share", async () => {
      const { signals } = store;
      for (let i = 0; i < 10; i += 1) await signals.record('fail', '198.51.100.7', '198.51.100.0/24', at(1000));
      for (let net = 1; net <= 30; net += 1) await signals.record('pass', `10.0.${net}.1`, `10.0.${net}.0/24`, at(2000));
      for (let i = 0; i < 50; i += 1) await signals.record('challenge', `10.1.${i}.1`, `10.1.${i}.0/24`, at(3000)); // bare fetches
      await signals.record('fail', '10.2.0.1', '10.2.0.0/24', at(4000), false); // not for the site (a carrier's)
      const site = await signals.site(at(61_000));
      expect(site.challenges).toBe(SITE_SHARE_PER_NETWORK + 30);
      expect(site.topNetworksShare).toBeCloseTo((SITE_SHARE_PER_NETWORK + 9) / (SITE_SHARE_PER_NETWORK + 30)); // the busy /24 and nine of the others
      expect((await signals.site(at(1000))).challenges).toBe(0); // the minute before had none
    });

    it("counts the carriers' passes across the site, and keeps their floor's state and baseline on every instance", async () => {
      const { signals } = store;
      for (let i = 0; i < 7; i += 1)
        await signals.record(i % 2 ? 'pass' : 'accessiblePass', `36.128.${i}.1`, `36.128.${i}.0/24`, at(1000 + i), false);
      await signals.record('fail', '36.128.9.1', '36.128.9.0/24', at(2000), false); // a failure is no pass
      await signals.record('pass', '198.51.100.7', '198.51.100.0/24', at(2000)); // not a carrier's
      await signals.record('pass', '36.128.9.1', null, at(2000), false); // no network named
      expect(await signals.carriers(at(61_000))).toEqual({ minute: Math.floor(at(0) / 60_000), passes: 7, baseline: null, state: null });
      const state = { ...freshState(at(0)), level: 2 as const };
      await signals.saveCarriers(state, { perMinute: 12.5, minute: 3 }, HOUR);
      const other = await backing.open(null);
      expect(await other.signals.carriers(at(62_000))).toMatchObject({ passes: 7, baseline: { perMinute: 12.5, minute: 3 }, state });
      await other.signals.saveCarriers(null, null, HOUR);
      expect(await signals.carriers(at(63_000))).toMatchObject({ baseline: { perMinute: 12.5, minute: 3 }, state: null });
    });

    it("keeps the site's state and baseline between readings, on every instance", async () => {
      const state = { ...freshState(at(0)), level: 1 as const };
      await store.signals.saveSite(state, { perMinute: 42, minute: 7 }, HOUR);
      const other = await backing.open(null);
      const site = await other.signals.site(at(1000));
      expect(site.state).toEqual(state);
      expect(site.baseline).toEqual({ perMinute: 42, minute: 7 });
      await other.signals.saveSite(null, null, HOUR);
      expect((await store.signals.site(at(2000))).state).toBeNull();
      expect((await store.signals.site(at(2000))).baseline).toEqual({ perMinute: 42, minute: 7 });
    });
  });
}
