import { adClicksHeader, clickOfLanding } from '@game-register/site-settings/ad-clicks';
import { metricsOn, parseExposition, scrape } from '../../testing/server/metrics';
import { adsAppPerTest, ALL_PLATFORMS_ON, mobileOf, register, waitFor } from '../../testing/ads/test-app';

const LANDINGS = {
  tencent: 'https://m.game.example.com/register?c=CH7&gdt_vid=wx0abcDEF123_tencent&utm_source=x',
  oceanengine: 'https://m.game.example.com/register?clickid=EPqn1N3zn4ADGLb_oce&adid=1&creativeid=2',
  baidu: 'https://m.game.example.com/register?bd_vid=11223344556677889900_baidu&other=1',
  kuaishou: 'https://m.game.example.com/register?callback=DHAJASALKFyk1uCKBYCyXp-iIDS-uHDd_ks',
} as const;

/** The headers the app sends with reg after landing on `href`. */
function headersOf(href: string, consent = false): Record<string, string> {
  const click = clickOfLanding(href)!;
  return {
    'x-ad-clicks': adClicksHeader(click, new URL(href).searchParams.get('c') ?? 'H5REG'),
    ...(consent ? { 'x-ad-consent': '1' } : {}),
  };
}

const ads = adsAppPerTest();

describe('a registration answered y', () => {
  it('is reported to each platform with the fields it documents, and nothing personal', async () => {
    const { app } = await ads.build();
    const names = Object.keys(LANDINGS).map((platform) => `player_${platform}`.slice(0, 16));
    for (const [index, href] of Object.values(LANDINGS).entries()) {
      const response = await register(app, names[index]!, headersOf(href));
      expect(response.json()).toMatchObject({ status: 'y' });
    }
    await waitFor(() => ads.fake.requests.length === 4, 5000, 'four reports');
    expect(ads.fake.problems).toEqual([]);
    expect(ads.fake.requests.map((request) => [request.platform, request.clickId]).sort()).toEqual([
      ['baidu', '11223344556677889900_baidu'],
      ['kuaishou', 'DHAJASALKFyk1uCKBYCyXp-iIDS-uHDd_ks'],
      ['oceanengine', 'EPqn1N3zn4ADGLb_oce'],
      ['tencent', 'wx0abcDEF123_tencent'],
    ]);
    const tencent = ads.fake.requests.find((request) => request.platform === 'tencent')!;
    expect(tencent.body).toMatchObject({ account_id: 1000007, user_action_set_id: 2000007 }); // CH7's own account
    const baidu = ads.fake.requests.find((request) => request.platform === 'baidu')!;
    expect(baidu.body).toMatchObject({
      conversionTypes: [{ logidUrl: 'https://m.game.example.com/register?bd_vid=11223344556677889900_baidu', newType: 25 }],
    });
    for (const request of ads.fake.requests) {
      // The values registered, each whole: a shorter piece (a mobile's `139`) turns up in a random nonce by chance.
      for (const personal of ['Secret#123', ...names, ...names.map(mobileOf), 'utm_source', 'Mozilla'])
        expect(request.raw).not.toContain(personal);
    }
  });

  it("is logged by its event id and the click id's first characters only", async () => {
    const built = await ads.build();
    const { app } = built;
    const { logs } = built;
    await register(app, 'logged01', headersOf(LANDINGS.kuaishou));
    await waitFor(() => logs.text.includes('ad conversion reported'), 5000, 'the log line');
    // The request log is the project's own (the password redacted); what the ad reports add is theirs:
    expect(logs.text).not.toContain('DHAJASALKFyk1uCKBYCyXp-iIDS-uHDd_ks');
    const lines = JSON.stringify(logs.records.filter((record) => record.part === 'ads'));
    expect(lines).toContain('DHAJAS');
    expect(lines).not.toContain(mobileOf('logged01'));
  });

  it('is reported once when the same click registers twice or reg is sent again', async () => {
    const { app } = await ads.build();
    await register(app, 'first01', headersOf(LANDINGS.kuaishou));
    await register(app, 'second02', headersOf(LANDINGS.kuaishou));
    await register(app, 'second02', headersOf(LANDINGS.kuaishou)); // the backend refuses: name taken
    await waitFor(() => ads.fake.requests.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ads.fake.requests).toHaveLength(1);
  });

  it('is not reported without a click, with a macro, to a platform turned off, or without the consent the settings require', async () => {
    const { app } = await ads.build(
      { ...ALL_PLATFORMS_ON, kuaishou: { enabled: false }, consent: { required: true, text: '同意向广告平台回传注册结果' } },
      metricsOn(),
    );
    await register(app, 'noclick01');
    await register(app, 'macro01', { 'x-ad-clicks': 'clickid=__CLICKID__' });
    await register(app, 'kuaioff01', headersOf(LANDINGS.kuaishou, true));
    await register(app, 'noconsent01', headersOf(LANDINGS.oceanengine));
    await register(app, 'consent01', headersOf(LANDINGS.tencent, true));
    await waitFor(() => ads.fake.requests.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ads.fake.requests.map((request) => request.platform)).toEqual(['tencent']);
    const { samples } = parseExposition((await scrape(app)).text);
    const notReported = (reason: string) =>
      samples.find((sample) => sample.name === 'game_register_ads_registrations_not_reported_total' && sample.labels.reason === reason)
        ?.value;
    expect([notReported('no_click'), notReported('platform_off'), notReported('no_consent')]).toEqual([2, 1, 1]);
  });

  it('is not reported when the backend refuses the registration', async () => {
    const { app } = await ads.build();
    await register(app, 'taken01', headersOf(LANDINGS.oceanengine));
    const refused = await register(app, 'taken01', headersOf(LANDINGS.kuaishou));
    expect(refused.json()).toMatchObject({ status: 'n' });
    await waitFor(() => ads.fake.requests.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ads.fake.requests.map((request) => request.platform)).toEqual(['oceanengine']);
  });
});

describe('the ad metrics', () => {
  it('show pending events and their age through an outage, then the reports', async () => {
    ads.fake.behave('all', 'fail');
    let lateMs = 0; // the server's clock runs this far ahead once the events are written
    const { app } = await ads.build(ALL_PLATFORMS_ON, metricsOn(), {}, () => Date.now() + lateMs);
    await register(app, 'metric01', headersOf(LANDINGS.oceanengine), 'CH7');
    await register(app, 'metric02', headersOf(LANDINGS.tencent));
    await waitFor(() => ads.fake.requests.length >= 2);
    lateMs = 90_000;
    const value = (samples: ReturnType<typeof parseExposition>['samples'], name: string, labels: Record<string, string>) =>
      samples.find(
        (sample) =>
          sample.name === `game_register_ads_${name}` && Object.entries(labels).every(([key, label]) => sample.labels[key] === label),
      )?.value;
    let { samples } = parseExposition((await scrape(app)).text);
    expect(value(samples, 'pending', { platform: 'oceanengine', channel: 'H5REG' })).toBe(1);
    expect(value(samples, 'pending', { platform: 'tencent', channel: 'CH7' })).toBe(1);
    // 90 s on the clock, and the few real seconds the test took (a count in ms would be 1000 times more).
    expect(value(samples, 'oldest_pending_age_seconds', { platform: 'tencent' })).toBeGreaterThanOrEqual(90);
    expect(value(samples, 'oldest_pending_age_seconds', { platform: 'tencent' })).toBeLessThan(120);
    expect(value(samples, 'oldest_pending_age_seconds', { platform: 'baidu' })).toBe(0);
    expect(value(samples, 'failed_total', { platform: 'oceanengine', reason: 'http_5xx' })).toBeGreaterThanOrEqual(1);

    ads.fake.behave('all', 'ok');
    await waitFor(() => ads.fake.requests.filter((request) => request.answered === 'ok').length === 2);
    await waitFor(async () => value(parseExposition((await scrape(app!)).text).samples, 'reported_total', { platform: 'tencent' }) === 1);
    ({ samples } = parseExposition((await scrape(app)).text));
    expect(value(samples, 'reported_total', { platform: 'oceanengine', channel: 'H5REG' })).toBe(1);
    expect(value(samples, 'pending', { platform: 'tencent' })).toBeUndefined();
    expect(value(samples, 'oldest_pending_age_seconds', { platform: 'tencent' })).toBe(0);
  });
});
