import { createServer, type Server } from 'node:http';
import { FUNNEL_WIRE } from '@game-register/api-wire';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ChannelSettings } from '../channels/site-channels';
import { buildTestApp, makeDist } from '../../testing/server/test-support';
import { metricsOn, parseExposition, scrape, type Sample } from '../../testing/server/metrics';

const P = 'game_register_';
const SITE: ChannelSettings = { default: 'H5REG', allowed: ['CH7', 'CH8'], param: 'c' };
const registration = (name: string, mobile: string, code: string) =>
  new URLSearchParams({
    name,
    Password: 'Secret#123',
    rePassword: 'Secret#123',
    wash: '1',
    washType: '2',
    code,
    mobile,
    QQ: '',
    islogin: 'true',
  }).toString();

async function samples(app: FastifyInstance): Promise<Sample[]> {
  return parseExposition((await scrape(app)).text).samples;
}

/** metric name -> channel -> value, summed over the other labels, for the given label values. */
function byChannel(list: Sample[], name: string, labels: Record<string, string> = {}): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const sample of list) {
    if (sample.name !== P + name || !Object.entries(labels).every(([key, value]) => sample.labels[key] === value)) continue;
    const channel = sample.labels.channel!;
    totals[channel] = (totals[channel] ?? 0) + sample.value;
  }
  return totals;
}

async function appWithPages(settings: () => ChannelSettings = () => SITE, apiTarget: URL | null = null) {
  const distDir = await makeDist({
    'register.html': '<!doctype html><title>注册</title>',
    'contact.html': '<!doctype html><title>客服</title>',
  });
  return (await buildTestApp(metricsOn({ distDir, apiTarget }), { channels: settings })).app;
}

describe('the funnel by channel', () => {
  it('starts every listed channel and other at 0, and no other label value', async () => {
    const app = await appWithPages();
    const list = await samples(app);
    await app.close();
    for (const name of ['register_page_views_total', 'check_answers_total', 'puzzle_steps_total', 'reg_outcomes_total']) {
      expect(byChannel(list, name)).toEqual({ H5REG: 0, CH7: 0, CH8: 0, other: 0 });
    }
  });

  it('counts the register page by the channel its link names: listed as itself, none as the default, unlisted as other', async () => {
    const app = await appWithPages();
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
    for (const url of [
      '/register?c=CH7',
      '/register?utm=x&c=CH7',
      '/register',
      '/?c=CH8',
      '/register/?c=CH8',
      '/register?c=NOPE',
      '/register?c=ch7',
    ]) {
      expect((await get(url)).statusCode).toBe(200);
    }
    const etag = (await get('/register?c=CH7')).headers.etag as string;
    expect((await get('/register?c=CH7', { 'if-none-match': etag })).statusCode).toBe(304);
    // Not the register page: other pages, assets, missing files, API calls, HEAD.
    await get('/contact?c=CH7');
    await get('/favicon.svg?c=CH7');
    await get('/missing.png?c=CH7');
    await app.inject({ method: 'HEAD', url: '/register?c=CH7' });
    const list = await samples(app);
    await app.close();
    expect(byChannel(list, 'register_page_views_total')).toEqual({ H5REG: 1, CH7: 4, CH8: 2, other: 2 });
  });

  it("counts checks by the app's channel header, puzzle beacons by their c, and reg by the code it was sent with", async () => {
    const app = await appWithPages();
    const check = (call: string, param: string, channel?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/Index/${call}?param=${param}&name=x`,
        headers: channel === undefined ? {} : { 'x-channel': channel },
      });
    const beacon = (query: string) => app.inject({ method: 'POST', url: `${FUNNEL_WIRE.path}?${query}` });
    await check('checkuser', 'alice', 'CH7');
    await check('checktel', '13800138001', 'CH7');
    await check('checkuser', 'bob');
    await check('checkuser', 'carol', 'EVIL');
    const beacons = await Promise.all(
      ['step=shown&c=CH7', 'step=shown&c=CH7', 'step=passed&c=CH7', 'step=shown', 'step=passed&c=EVIL'].map(beacon),
    );
    expect(beacons.map((answer) => [answer.statusCode, answer.body])).toEqual(Array(5).fill([204, '']));
    const refused = await Promise.all(['step=clicked&c=CH7', 'c=CH7', 'step=shown&step=passed'].map(beacon));
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    await app.inject({ method: 'POST', url: `/api/Index/reg?${registration('alice', '13800138001', 'CH7')}` });
    await app.inject({ method: 'POST', url: `/api/Index/reg?${registration('alice', '13800138002', 'CH7')}` }); // name taken
    await app.inject({
      method: 'POST',
      url: `/api/Index/reg?${registration('dave', '13800138003', 'EVIL')}`,
      headers: { 'x-channel': 'CH8' },
    });
    const list = await samples(app);
    await app.close();
    expect(byChannel(list, 'check_answers_total', { verdict: 'y' })).toEqual({ H5REG: 1, CH7: 2, CH8: 0, other: 1 });
    expect(byChannel(list, 'puzzle_steps_total', { step: 'shown' })).toEqual({ H5REG: 1, CH7: 2, CH8: 0, other: 0 });
    expect(byChannel(list, 'puzzle_steps_total', { step: 'passed' })).toEqual({ H5REG: 0, CH7: 1, CH8: 0, other: 1 });
    expect(byChannel(list, 'reg_outcomes_total', { outcome: 'registered' })).toEqual({ H5REG: 0, CH7: 1, CH8: 0, other: 1 });
    expect(byChannel(list, 'reg_outcomes_total', { outcome: 'refused', reason: 'name_taken' })).toEqual({ CH7: 1 });
  });

  it('keeps the label values bounded under made-up channels, and starts a newly listed channel at the next scrape', async () => {
    let site = SITE;
    const app = await appWithPages(() => site);
    for (let index = 0; index < 40; index += 1) {
      await app.inject({ method: 'GET', url: `/register?c=X${index}` });
      await app.inject({ method: 'POST', url: `/api/Index/checkuser?param=u${index}&name=name`, headers: { 'x-channel': `Y${index}` } });
      await app.inject({ method: 'POST', url: `${FUNNEL_WIRE.path}?step=shown&c=Z${index}` });
    }
    const channels = new Set((await samples(app)).map((sample) => sample.labels.channel).filter(Boolean));
    expect([...channels].sort()).toEqual(['CH7', 'CH8', 'H5REG', 'other']);
    site = { ...SITE, allowed: [...SITE.allowed, 'CH9'] };
    const list = await samples(app);
    await app.close();
    expect(byChannel(list, 'register_page_views_total')).toEqual({ H5REG: 0, CH7: 0, CH8: 0, CH9: 0, other: 40 });
    expect(byChannel(list, 'reg_outcomes_total', { outcome: 'registered' })).toMatchObject({ CH9: 0 });
  });
});

describe('the funnel by channel in proxy mode', () => {
  it('counts checks by the channel header, answers the beacon itself, and keeps the header from the backend', async () => {
    const seen: { url: string; channel: string | undefined }[] = [];
    const upstream: Server = createServer((request, response) => {
      seen.push({ url: request.url!, channel: request.headers['x-channel'] as string | undefined });
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"y","info":"ok"}'));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const app = await appWithPages(() => SITE, new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`));
    await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=alice&name=name', headers: { 'x-channel': 'CH8' } });
    const beacon = await app.inject({ method: 'POST', url: '/api/funnel?step=passed&c=CH8' });
    await app.inject({
      method: 'POST',
      url: `/api/Index/reg?${registration('alice', '13800138001', 'CH8')}`,
      headers: { 'x-channel': 'CH8' },
    });
    const list = await samples(app);
    await app.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
    expect(beacon.statusCode).toBe(204);
    expect(seen.map(({ url }) => url.split('?')[0])).toEqual(['/api/Index/checkuser', '/api/Index/reg']);
    expect(seen.map(({ channel }) => channel)).toEqual([undefined, undefined]);
    expect(byChannel(list, 'check_answers_total', { verdict: 'y' })).toEqual({ H5REG: 0, CH7: 0, CH8: 1, other: 0 });
    expect(byChannel(list, 'puzzle_steps_total', { step: 'passed' })).toEqual({ H5REG: 0, CH7: 0, CH8: 1, other: 0 });
    expect(byChannel(list, 'reg_outcomes_total', { outcome: 'registered' })).toEqual({ H5REG: 0, CH7: 0, CH8: 1, other: 0 });
  });
});
