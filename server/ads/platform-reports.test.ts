import { adClicksHeader, clickOfLanding } from '@game-register/site-settings/ad-clicks';
import { metricsOn, parseExposition, scrape } from '../metrics/test-support';
import { startFakePlatforms, type FakePlatforms } from './testing/fake-platforms';
import { ALL_PLATFORMS_ON, buildAdsApp, register, waitFor } from './testing/test-app';

// Each platform's report as its documentation and SDK build it, against the fake platforms (docs/ads.md).
type App = Awaited<ReturnType<typeof buildAdsApp>>['app'];

const headersOf = (href: string) => ({ 'x-ad-clicks': adClicksHeader(clickOfLanding(href)!, 'H5REG') });
const notReported = async (app: App, reason: string) =>
  parseExposition((await scrape(app)).text).samples.find((sample) => sample.name === 'game_register_ads_registrations_not_reported_total' && sample.labels.reason === reason)?.value;
/** Long enough for the delivery loop (ADS_POLL_MS 20) to have sent whatever it was going to send. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

let fake: FakePlatforms;
let app: App | undefined;
beforeEach(async () => {
  fake = await startFakePlatforms();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  await fake.close();
});

describe('Tencent', () => {
  it('is never sent a Web action without its page: a click without a landing URL is counted, not reported', async () => {
    ({ app } = await buildAdsApp(fake, ALL_PLATFORMS_ON, metricsOn()));
    await register(app, 'tcnourl01', { 'x-ad-clicks': 'gdt_vid=wx0nourl01&c=H5REG' });
    await register(app, 'tcurl01', headersOf('https://m.game.example.com/register?gdt_vid=wx0withurl01'));
    await waitFor(() => fake.requests.length >= 1);
    await settled();
    expect(fake.requests.map((request) => request.clickId)).toEqual(['wx0withurl01']);
    expect(fake.requests[0]!.body).toMatchObject({ actions: [{ url: 'https://m.game.example.com/register' }] });
    expect(fake.problems).toEqual([]);
    expect(await notReported(app, 'no_landing_url')).toBe(1);
  });

  it('is refused by the fake, as by Tencent, when a Web action comes without url', async () => {
    const query = new URLSearchParams({ access_token: 't', timestamp: String(Math.floor(Date.now() / 1000)), nonce: 'n1' });
    const action = { action_time: Math.floor(Date.now() / 1000), action_type: 'REGISTER', trace: { click_id: 'c1' }, outer_action_id: 'e1' };
    const answer = await fetch(`${fake.origin}/v3.0/user_actions/add?${query}`, { method: 'POST', body: JSON.stringify({ account_id: 1, user_action_set_id: 2, actions: [action] }) });
    expect(((await answer.json()) as { code: number }).code).not.toBe(0);
    expect(fake.problems).toEqual(['tencent: url missing or not a page address (required for Web actions)']);
  });
});
