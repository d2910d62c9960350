// What the backend did is what the gateway records: clients that leave (FIN, reset, junk line) on real sockets,
// in front of the PHP stand-in and in the embedded mode.
import { adClicksHeader, clickOfLanding } from '@game-register/site-settings/ad-clicks';
import { startFakePlatforms, type FakePlatforms } from '../../../testing/ads/fake-platforms';
import { buildAdsApp, waitFor } from '../../../testing/ads/test-app';
import { metricsOn, parseExposition, scrape, valueOf } from '../../../testing/server/metrics';
import { rawRequestBytes, sendAndLeave, type Leaving, type RawHeaders } from '../../../testing/http/raw-http';
import { startTestPhp, type TestPhp } from '../../../testing/php-backend/test-php';
import type { LogCapture } from '../../../testing/server/test-support';

const P = 'game_register_';
const LANDING = 'https://m.game.example.com/register?c=CH7&callback=DHAJASALKFyk1uCKBYCyXp-iIDS-uHDd_ks';

let fake: FakePlatforms;
let php: TestPhp;
let app: Awaited<ReturnType<typeof buildAdsApp>>['app'];
let logs: LogCapture;
let port: number;
beforeEach(async () => {
  fake = await startFakePlatforms();
  php = await startTestPhp();
  ({ app, logs } = await buildAdsApp(fake, undefined, metricsOn({ apiTarget: new URL(php.origin) })));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterEach(async () => {
  await app.close();
  await php.close();
  await fake.close();
});

/** reg from channel CH7 with the app's ad click, as raw bytes (kept alive: the client, not the server, ends it). */
function regBytes(name: string, extra: RawHeaders = []) {
  const query = new URLSearchParams({
    name,
    Password: 'Secret#123',
    rePassword: 'Secret#123',
    wash: '1',
    washType: '2',
    code: 'CH7',
    mobile: '13912345678',
    QQ: '',
    islogin: 'true',
  });
  const headers: RawHeaders = [['X-Ad-Clicks', adClicksHeader(clickOfLanding(LANDING)!, 'CH7')], ['Connection', 'keep-alive'], ...extra];
  return rawRequestBytes({ port, method: 'POST', target: `/api/Index/reg?${query}`, headers });
}

const samplesOf = async () => parseExposition((await scrape(app)).text).samples;
const requestLines = () => logs.records.filter((record) => record.msg === 'request completed' || record.msg === 'request errored');
/** Once the server has the request: a reset then comes before the backend can answer. */
const requestArrived = () => new Promise((resolve) => app.server.once('request', resolve));

describe('a registration whose client leaves before the answer', () => {
  for (const leave of ['fin', 'reset', 'junk'] as const satisfies readonly Leaving[]) {
    it(`is counted once under its call and channel, logged and reported when the backend answers (${leave})`, async () => {
      await sendAndLeave(port, regBytes(`gone_${leave}`), leave, requestArrived());
      await waitFor(() => requestLines().length === 1, 10_000, 'the request line');
      await waitFor(() => fake.requests.length === 1, 10_000, 'the report');

      const readings = await php.readings();
      expect(readings.map((reading) => [reading.call, reading.get.name])).toEqual([['reg', `gone_${leave}`]]);
      const samples = await samplesOf();
      expect(valueOf(samples, `${P}reg_outcomes_total`)).toBe(1);
      expect(valueOf(samples, `${P}reg_outcomes_total`, { outcome: 'registered', channel: 'CH7' })).toBe(1);
      expect(valueOf(samples, `${P}ads_enqueued_total`, { platform: 'kuaishou', channel: 'CH7' })).toBe(1);
      expect(fake.requests.map((request) => request.clickId)).toEqual(['DHAJASALKFyk1uCKBYCyXp-iIDS-uHDd_ks']);
      expect(requestLines()).toEqual([
        expect.objectContaining({ res: { statusCode: 200 }, clientLeft: true, req: expect.objectContaining({ ip: '127.0.0.1' }) }),
      ]);
    });
  }

  it('with an empty text body and a junk line after it, is forwarded and counted, with no error the backend did not have', async () => {
    for (let i = 0; i < 5; i++)
      await sendAndLeave(
        port,
        regBytes(`plain${i}`, [
          ['Content-Type', 'text/plain'],
          ['Content-Length', '0'],
        ]),
        'junk',
      );
    await waitFor(() => requestLines().length === 5, 10_000, 'five request lines');

    expect((await php.readings()).map((reading) => reading.get.name)).toEqual(['plain0', 'plain1', 'plain2', 'plain3', 'plain4']);
    const samples = await samplesOf();
    expect(valueOf(samples, `${P}reg_outcomes_total`, { outcome: 'backend_error' })).toBe(0);
    expect(valueOf(samples, `${P}reg_outcomes_total`, { outcome: 'registered', channel: 'CH7' })).toBe(5);
    expect(logs.records.filter((record) => (record.level as number) >= 50)).toEqual([]);
  });
});

describe('a call whose client leaves before its body is read whole', () => {
  it('is not forwarded, and is counted as client_left', async () => {
    const body = JSON.stringify({ param: 'half_sent', name: 'name' });
    const whole = rawRequestBytes({
      port,
      method: 'POST',
      target: '/api/Index/checkuser',
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Channel', 'CH7'],
      ],
      body,
    });
    await sendAndLeave(port, whole.subarray(0, whole.length - 10), 'fin');
    await waitFor(() => requestLines().length === 1, 10_000, 'the request line');

    expect(await php.readings()).toEqual([]);
    const samples = await samplesOf();
    expect(valueOf(samples, `${P}check_answers_total`, { call: 'checkuser', verdict: 'client_left', channel: 'CH7' })).toBe(1);
    expect(valueOf(samples, `${P}check_answers_total`, { call: 'checkuser', verdict: 'error' })).toBe(0);
    expect(requestLines()).toEqual([expect.objectContaining({ clientLeft: true })]);
  });
});

describe('in the embedded mode, a registration whose client leaves before the answer', () => {
  it('is stored, counted once under its channel, logged, written to the outbox and to the ledger', async () => {
    const embedded = await buildAdsApp(fake, undefined, metricsOn());
    await embedded.app.listen({ port: 0, host: '127.0.0.1' });
    await sendAndLeave((embedded.app.server.address() as { port: number }).port, regBytes('gone_embedded'), 'fin');
    const lines = () => embedded.logs.records.filter((record) => record.msg === 'request completed');
    await waitFor(() => lines().length === 1, 10_000, 'the request line');

    const taken = await embedded.app.inject({ method: 'POST', url: '/api/Index/checkuser?param=gone_embedded&name=name' });
    const { samples } = parseExposition((await scrape(embedded.app)).text);
    await embedded.app.close();
    expect(taken.json()).toMatchObject({ status: 'n', info: '用户名已存在' });
    expect(valueOf(samples, `${P}reg_outcomes_total`)).toBe(1);
    expect(valueOf(samples, `${P}reg_outcomes_total`, { outcome: 'registered', channel: 'CH7' })).toBe(1);
    expect(valueOf(samples, `${P}ads_enqueued_total`, { platform: 'kuaishou', channel: 'CH7' })).toBe(1);
    expect(valueOf(samples, `${P}ledger_registrations_total`, { verdict: 'clear' })).toBe(1);
    expect(lines()[0]).toMatchObject({ res: { statusCode: 200 }, clientLeft: true });
  });
});
