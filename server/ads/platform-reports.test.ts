// Each platform's report as its documentation and SDK build it, against the fake platforms (docs/ads.md).
import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import { adClicksHeader, clickOfLanding } from '@game-register/site-settings/ad-clicks';
import { ConfigError, loadConfig } from '../config/config';
import { metricsOn, parseExposition, scrape } from '../../testing/server/metrics';
import { rs256Token } from './adapters/oceanengine';
import { adsAppPerTest, adsEnv, ALL_PLATFORMS_ON, type buildAdsApp, LANDING_HOST, register, waitFor } from '../../testing/ads/test-app';

type App = Awaited<ReturnType<typeof buildAdsApp>>['app'];

const headersOf = (href: string) => ({ 'x-ad-clicks': adClicksHeader(clickOfLanding(href)!, 'H5REG') });
const notReported = async (app: App, reason: string) =>
  parseExposition((await scrape(app)).text).samples.find(
    (sample) => sample.name === 'game_register_ads_registrations_not_reported_total' && sample.labels.reason === reason,
  )?.value;
/** Long enough for the delivery loop (ADS_POLL_MS 20) to have sent whatever it was going to send. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

const ads = adsAppPerTest();

describe('Tencent', () => {
  it('is never sent a Web action without its page: a click without a landing URL is counted, not reported', async () => {
    const { app } = await ads.build(ALL_PLATFORMS_ON, metricsOn());
    await register(app, 'tcnourl01', { 'x-ad-clicks': 'gdt_vid=wx0nourl01&c=H5REG' });
    await register(app, 'tcurl01', headersOf('https://m.game.example.com/register?gdt_vid=wx0withurl01'));
    await waitFor(() => ads.fake.requests.length >= 1);
    await settled();
    expect(ads.fake.requests.map((request) => request.clickId)).toEqual(['wx0withurl01']);
    expect(ads.fake.requests[0]!.body).toMatchObject({ actions: [{ url: 'https://m.game.example.com/register' }] });
    expect(ads.fake.problems).toEqual([]);
    expect(await notReported(app, 'no_landing_url')).toBe(1);
  });

  it('is refused by the fake, as by Tencent, when a Web action comes without url', async () => {
    const query = new URLSearchParams({ access_token: 't', timestamp: String(Math.floor(Date.now() / 1000)), nonce: 'n1' });
    const action = {
      action_time: Math.floor(Date.now() / 1000),
      action_type: 'REGISTER',
      trace: { click_id: 'c1' },
      outer_action_id: 'e1',
    };
    const answer = await fetch(`${ads.fake.origin}/v3.0/user_actions/add?${query}`, {
      method: 'POST',
      body: JSON.stringify({ account_id: 1, user_action_set_id: 2, actions: [action] }),
    });
    expect(((await answer.json()) as { code: number }).code).not.toBe(0);
    expect(ads.fake.problems).toEqual(['tencent: url missing or not a page address (required for Web actions)']);
  });
});

describe('Ocean Engine', () => {
  // 1024 bits, the size 事件管理 takes; a test key made for this file.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

  it("signs as its SDK does: RSA-SHA256 over method, path with a final slash, timestamp and the body's SHA-256", () => {
    const body = '{"event_type":"active_register"}';
    const token = rs256Token('POST', '/api/v2/conversion', body, 1_700_000_000, privateKey, 'backup');
    const fields = Object.fromEntries(
      token.split('&').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    expect(fields).toMatchObject({ credential: 'backup', timestamp: '1700000000' });
    const expected = `POST\n/api/v2/conversion/\n1700000000\n${createHash('sha256').update(body).digest('base64')}`;
    expect(verify('sha256', Buffer.from(expected), publicKey, Buffer.from(fields.signature!, 'base64'))).toBe(true);
  });

  it('has its reports taken once 鉴权 is on when the key is set, and discarded when it is not', async () => {
    ads.fake.requireSignature(publicKey);
    let { app } = await ads.build(ALL_PLATFORMS_ON, {}, { ADS_OCEANENGINE_PRIVATE_KEY: pem.replaceAll('\n', '\\n') });
    await register(app, 'oesigned01', headersOf('https://m.game.example.com/?clickid=OEsigned01'));
    await waitFor(() => ads.fake.requests.length === 1, 5000, 'the signed report');
    ({ app } = await ads.build());
    await register(app, 'oeunsigned01', headersOf('https://m.game.example.com/?clickid=OEunsigned01'));
    await waitFor(() => ads.fake.requests.length === 2, 5000, 'the unsigned report');
    expect(ads.fake.requests.map((request) => [request.clickId, request.answered])).toEqual([
      ['OEsigned01', 'ok'],
      ['OEunsigned01', 'discarded'],
    ]);
    expect(ads.fake.requests[0]!.headers.signature).toMatch(/^credential=primary&timestamp=\d{10}&signature=/);
  });

  it('sends X-Debug-Mode: 1 in 联调 mode only', async () => {
    let { app } = await ads.build(ALL_PLATFORMS_ON, {}, { ADS_OCEANENGINE_DEBUG: 'on' });
    await register(app, 'oedebug01', headersOf('https://m.game.example.com/?clickid=OEdebug01'));
    await waitFor(() => ads.fake.requests.length === 1);
    ({ app } = await ads.build());
    await register(app, 'oeprod01', headersOf('https://m.game.example.com/?clickid=OEprod01'));
    await waitFor(() => ads.fake.requests.length === 2);
    expect(ads.fake.requests.map((request) => request.headers.debugMode)).toEqual(['1', null]);
  });

  it("reports the clickid it appended, not the link's unfilled macro before it", async () => {
    const { app } = await ads.build();
    await register(app, 'oetwice01', headersOf('https://m.game.example.com/?clickid=__CLICKID__&adid=1&clickid=OEappended01'));
    await waitFor(() => ads.fake.requests.length === 1);
    expect(ads.fake.requests[0]!.clickId).toBe('OEappended01');
  });

  it('refuses to start with a key that is no RSA private key, without printing it', () => {
    const bad = 'not-a-key-SECRET';
    let error: unknown;
    try {
      loadConfig(adsEnv(ads.fake, { ADS_OCEANENGINE_PRIVATE_KEY: bad }));
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toContain('ADS_OCEANENGINE_PRIVATE_KEY must be an RSA private key');
    expect(String((error as Error).message)).not.toContain('SECRET');
  });
});

describe('Baidu', () => {
  it("is sent the token of the channel's own ad account, else the default one", async () => {
    const { app } = await ads.build(ALL_PLATFORMS_ON, {}, { ADS_BAIDU_TOKENS: 'CH7=baidu-ch7-token, CH9=baidu-ch9-token' });
    await register(
      app,
      'bdch701',
      { 'x-ad-clicks': adClicksHeader(clickOfLanding('https://m.game.example.com/?bd_vid=BDch7click')!, 'CH7') },
      'CH7',
    );
    await register(app, 'bddefault01', headersOf('https://m.game.example.com/?bd_vid=BDdefaultclick'));
    await waitFor(() => ads.fake.requests.length === 2);
    const tokenOf = (clickId: string) =>
      (ads.fake.requests.find((request) => request.clickId === clickId)!.body as { token: string }).token;
    expect([tokenOf('BDch7click'), tokenOf('BDdefaultclick')]).toEqual(['baidu-ch7-token', 'baidu-test-token']);
  });

  it('refuses to start with per-channel tokens not written channel=token, without printing them', () => {
    expect(() => loadConfig(adsEnv(ads.fake, { ADS_BAIDU_TOKENS: 'CH7:SECRETtoken' }))).toThrow(
      /ADS_BAIDU_TOKENS must be channel=token pairs/,
    );
    expect(() => loadConfig(adsEnv(ads.fake, { ADS_BAIDU_TOKENS: 'CH7:SECRETtoken' }))).not.toThrow(/SECRET/);
  });
});

describe('Kuaishou', () => {
  it('is reported at its documented address, plain http', () => {
    expect(loadConfig({}).ads.endpoints.kuaishou).toBe('http://ad.partner.gifshow.com');
  });

  it('is sent the callback inside a whole track/activate address (monitor links), not nothing', async () => {
    const { app } = await ads.build();
    const whole = 'http://ad.partner.gifshow.com/track/activate?callback=KSinner_callback01';
    await register(app, 'kswhole01', {
      'x-ad-clicks': new URLSearchParams({ callback: whole, url: 'https://m.game.example.com/?callback=x', c: 'H5REG' }).toString(),
    });
    await waitFor(() => ads.fake.requests.length === 1);
    expect(ads.fake.requests[0]).toMatchObject({ platform: 'kuaishou', clickId: 'KSinner_callback01' });
  });
});

describe('the landing URL, which comes from the browser', () => {
  it("is not reported on a host that is not the site's own, and is counted", async () => {
    const { app } = await ads.build(ALL_PLATFORMS_ON, metricsOn());
    await register(app, 'evil01', headersOf('https://evil.example/x?clickid=EVILclick01'));
    await register(app, 'evil02', headersOf(`https://${LANDING_HOST}.evil.example/x?bd_vid=EVILclick02`));
    await register(app, 'own01', headersOf(`https://${LANDING_HOST}/register?clickid=OWNclick01`));
    await waitFor(() => ads.fake.requests.length >= 1);
    await settled();
    expect(ads.fake.requests.map((request) => request.clickId)).toEqual(['OWNclick01']);
    expect(await notReported(app, 'foreign_landing')).toBe(2);
  });

  it("is on the site's own host, with no landingHosts listed, when it is the host reg was sent to", async () => {
    const { app } = await ads.build({ ...ALL_PLATFORMS_ON, landingHosts: [] });
    const from = (host: string, href: string, name: string) => register(app, name, { ...headersOf(href), host });
    await from('h5.site.example', 'https://h5.site.example/register?clickid=HOSTclick01', 'host01');
    await from('h5.site.example:8443', 'https://H5.Site.Example:8443/register?clickid=HOSTclick02', 'host02');
    await from('h5.site.example', 'https://evil.example/register?clickid=HOSTclick03', 'host03');
    await waitFor(() => ads.fake.requests.length >= 2);
    await settled();
    expect(ads.fake.requests.map((request) => request.clickId).sort()).toEqual(['HOSTclick01', 'HOSTclick02']);
  });
});
