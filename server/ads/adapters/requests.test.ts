// Each platform's request as the adapter builds it, read back field by field and checked by the fake platforms'
// own rules (testing/ads/fake-checks.ts): what a platform receives, without a server in between.
import { generateKeyPairSync } from 'node:crypto';
import type { AdPlatform } from '@game-register/site-settings/ad-clicks';
import type { AdsConfig } from '../../config/ads-config';
import { conversionId, type ConversionEvent } from '../event';
import { checkRequest, clickIdOf, isSignedBy } from '../../../testing/ads/fake-checks';
import { ADAPTERS, type PlatformRequest } from './index';
import { rs256Token } from './oceanengine';

const NOW = 1_764_000_123_456;
const REGISTERED_AT = 1_764_000_000_999;
const ENDPOINTS = {
  tencent: 'https://tencent.test',
  oceanengine: 'https://ocean.test',
  baidu: 'https://baidu.test',
  kuaishou: 'http://kuaishou.test',
};
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });

type Config = Pick<AdsConfig, 'endpoints' | 'tokens' | 'oceanengine'>;
const config = (extra: Partial<Config> = {}): Config => ({
  endpoints: ENDPOINTS,
  tokens: { tencent: 'tencent-token', baidu: 'baidu-token', baiduByChannel: { CH9: 'baidu-token-ch9' } },
  oceanengine: { signing: null, debug: false },
  ...extra,
});

function eventFor(platform: AdPlatform, extra: Partial<ConversionEvent> = {}): ConversionEvent {
  const clickId = `click_${platform}`;
  const landing: Partial<ConversionEvent> =
    platform === 'tencent'
      ? { landingUrl: `https://m.example.com/register?gdt_vid=${clickId}`, tencent: { accountId: 1000007, userActionSetId: 2000007 } }
      : platform === 'baidu'
        ? { landingUrl: `https://m.example.com/register?bd_vid=${clickId}`, baiduType: 25 }
        : {};
  return {
    id: conversionId(platform, clickId),
    platform,
    channel: 'H5REG',
    clickId,
    landingUrl: null,
    registeredAt: REGISTERED_AT,
    ...landing,
    ...extra,
  };
}

function built(platform: AdPlatform, extra: Partial<ConversionEvent> = {}, settings: Partial<Config> = {}): PlatformRequest {
  const request = ADAPTERS[platform].build(eventFor(platform, extra), config(settings), NOW);
  if ('kind' in request) throw new Error(`no request: ${JSON.stringify(request)}`);
  return request;
}

/** The request as the fake platform reads it: its path, query, JSON body, and what its checks find wrong. */
function received(platform: AdPlatform, request: PlatformRequest) {
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  const body: unknown = request.body === undefined ? null : JSON.parse(request.body);
  return {
    origin: url.origin,
    path: url.pathname,
    query,
    body,
    problems: checkRequest(platform, request.method, query, body, NOW),
    ...clickIdOf(platform, query, body),
  };
}

describe('the report each platform receives', () => {
  it.each(['tencent', 'oceanengine', 'baidu', 'kuaishou'] as const)(
    "%s: passes the platform's documented checks and names its click",
    (platform) => {
      const report = received(platform, built(platform));
      expect(report.problems).toEqual([]);
      expect(report.clickId).toBe(`click_${platform}`);
      expect(report.origin).toBe(ENDPOINTS[platform]);
    },
  );

  it("tencent: one REGISTER action with its page, click, time in seconds and the event id as dedupe key, for the channel's account", () => {
    const request = built('tencent');
    const report = received('tencent', request);
    expect([request.method, report.path]).toEqual(['POST', '/v3.0/user_actions/add']);
    expect(report.query).toEqual({
      access_token: 'tencent-token',
      timestamp: '1764000123',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(report.body).toEqual({
      account_id: 1000007,
      user_action_set_id: 2000007,
      actions: [
        {
          action_time: 1764000000,
          action_type: 'REGISTER',
          url: 'https://m.example.com/register',
          trace: { click_id: 'click_tencent' },
          outer_action_id: conversionId('tencent', 'click_tencent'),
        },
      ],
    });
  });

  it('tencent: a fresh nonce for each send', () => {
    expect(received('tencent', built('tencent')).query.nonce).not.toBe(received('tencent', built('tencent')).query.nonce);
  });

  it('tencent: without a token, no request: an auth failure to retry', () => {
    expect(ADAPTERS.tencent.build(eventFor('tencent'), config({ tokens: { tencent: null, baidu: 'b', baiduByChannel: {} } }), NOW)).toEqual(
      { kind: 'retry', reason: 'auth' },
    );
  });

  it('tencent: without a landing page, no request: refused for good, since Tencent refuses a Web action without one', () => {
    expect(ADAPTERS.tencent.build(eventFor('tencent', { landingUrl: null }), config(), NOW)).toMatchObject({
      kind: 'give_up',
      reason: 'refused',
      detail: expect.stringContaining('no url'),
    });
  });

  it('tencent: an event written without its account is still sent (and refused by Tencent), not thrown over', () => {
    const report = received('tencent', built('tencent', { tencent: undefined }));
    expect(report.problems).toEqual(['account_id and user_action_set_id must be integers']);
  });

  it('baidu: the landing URL as the click, its newType, time in seconds and the event id as outerEventId, with the token in the body', () => {
    const request = built('baidu');
    const report = received('baidu', request);
    expect([request.method, report.path, report.query]).toEqual(['POST', '/ocpcapi/api/uploadConvertData', {}]);
    expect(report.body).toEqual({
      token: 'baidu-token',
      conversionTypes: [
        {
          logidUrl: 'https://m.example.com/register?bd_vid=click_baidu',
          newType: 25,
          convertTime: 1764000000,
          outerEventId: conversionId('baidu', 'click_baidu'),
        },
      ],
    });
    expect(report.eventId).toBe(conversionId('baidu', 'click_baidu'));
  });

  it("baidu: a channel with its own ad account sends that account's token; the others the default one", () => {
    expect(received('baidu', built('baidu', { channel: 'CH9' })).body).toMatchObject({ token: 'baidu-token-ch9' });
    expect(received('baidu', built('baidu', { channel: 'toString' })).body).toMatchObject({ token: 'baidu-token' }); // not an inherited property
  });

  it('baidu: without a token for the channel, no request: an auth failure to retry', () => {
    const tokens = { tencent: 't', baidu: null, baiduByChannel: { CH9: 'baidu-token-ch9' } };
    expect(ADAPTERS.baidu.build(eventFor('baidu'), config({ tokens }), NOW)).toEqual({ kind: 'retry', reason: 'auth' });
    expect('kind' in ADAPTERS.baidu.build(eventFor('baidu', { channel: 'CH9' }), config({ tokens }), NOW)).toBe(false);
  });

  it('kuaishou: a GET with the callback as it came, event_type 2 and the time in ms', () => {
    const request = built('kuaishou', { clickId: 'cb+/=&x' });
    const report = received('kuaishou', request);
    expect([request.method, report.path, request.body]).toEqual(['GET', '/track/activate', undefined]);
    expect(report.query).toEqual({ callback: 'cb+/=&x', event_type: '2', event_time: String(REGISTERED_AT) });
  });

  it('oceanengine: active_register with the click as context.ad.callback and the time in ms, unsigned and without debug mode by default', () => {
    const request = built('oceanengine');
    const report = received('oceanengine', request);
    expect([request.method, report.path]).toEqual(['POST', '/api/v2/conversion']);
    expect(report.body).toEqual({
      event_type: 'active_register',
      context: { ad: { callback: 'click_oceanengine' } },
      timestamp: REGISTERED_AT,
    });
    expect(request.headers).toEqual({});
  });

  it("oceanengine: signed, as Ocean Engine verifies it, with the key pair's label and the time in seconds, when a key is set", () => {
    const request = built('oceanengine', {}, { oceanengine: { signing: { privateKey, credential: 'backup' }, debug: false } });
    const token = request.headers?.['x-rs256-token'] ?? null;
    expect(isSignedBy(publicKey, 'POST', new URL(request.url), request.body!, token)).toBe(true);
    expect(token).toMatch(/^credential=backup&timestamp=1764000123&signature=/);
    expect(Object.keys(request.headers!)).toEqual(['x-rs256-token']);
  });

  it('oceanengine: X-Debug-Mode: 1 in 联调 mode', () => {
    expect(built('oceanengine', {}, { oceanengine: { signing: null, debug: true } }).headers).toEqual({ 'X-Debug-Mode': '1' });
  });

  it('oceanengine: the signature reads the method in capitals and the path with its final slash, however they are given', () => {
    const signed = (method: string, path: string) => rs256Token(method, path, '{}', 1764000123, privateKey, 'primary');
    expect(signed('post', '/api/v2/conversion')).toBe(signed('POST', '/api/v2/conversion/'));
    expect(
      isSignedBy(publicKey, 'POST', new URL('https://ocean.test/api/v2/conversion'), '{}', signed('post', '/api/v2/conversion/')),
    ).toBe(true);
  });
});
