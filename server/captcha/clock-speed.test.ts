import { CHALLENGE_TTL_MS } from '@game-register/gateway/policy';
import { buildTestApp } from '../../testing/server/test-support';
import { metricsOn, parseExposition, scrape, valueOf } from '../../testing/server/metrics';
import { challenge, strictConfig } from '../../testing/server/strict-mode';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const switchGauge = async (app: App, name: string) =>
  valueOf(parseExposition((await scrape(app)).text).samples, 'game_register_captcha_operator_switch', { switch: name });

describe('strict mode’s clock (CAPTCHA_TEST_CLOCK_SPEED)', () => {
  it('runs the gateway’s clock that many times as fast, and the operator switches end by it', async () => {
    // From the real time: the settings' switch must end within 24 h of the moment they are read.
    const start = Date.now();
    const time = { at: start };
    const until = new Date(start + 3_600_000).toISOString();
    const site = { configPath: null, env: { SITE_CAPTCHA_UNDER_ATTACK_LEVEL: '2', SITE_CAPTCHA_UNDER_ATTACK_UNTIL: until }, cwd: '/' };
    const { app, logs } = await buildTestApp(strictConfig({ testClockSpeed: 60 }, metricsOn({ site })), { now: () => time.at });
    try {
      expect(logs.records).toContainEqual(
        expect.objectContaining({ level: 40, speed: 60, msg: expect.stringContaining('runs 60 times as fast') }),
      );
      time.at = start + 1000;
      // One second of the server's clock is a minute of the gateway's: the challenge's expiry says so.
      expect((await challenge(app)).json<{ expiresAt: number }>().expiresAt).toBe(start + 60_000 + CHALLENGE_TTL_MS);
      expect(await switchGauge(app, 'under_attack')).toBe(1);
      expect(await switchGauge(app, 'people_first')).toBe(0);
      time.at = start + 59_000; // 59 minutes on the gateway's clock
      expect(await switchGauge(app, 'under_attack')).toBe(1);
      time.at = start + 61_000; // the hour is over: the switch ended by itself
      expect(await switchGauge(app, 'under_attack')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('is real time by default', async () => {
    const time = { at: 1_800_000_000_000 };
    const { app, logs } = await buildTestApp(strictConfig(), { now: () => time.at });
    try {
      time.at += 1000;
      expect((await challenge(app)).json<{ expiresAt: number }>().expiresAt).toBe(time.at + CHALLENGE_TTL_MS);
      expect(logs.text).not.toContain('times as fast');
    } finally {
      await app.close();
    }
  });
});
