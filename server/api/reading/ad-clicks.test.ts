import { readAdClicks } from './ad-clicks';

describe('readAdClicks', () => {
  it('reads the click, the trimmed landing URL, the landing channel and the consent', () => {
    const header = new URLSearchParams({
      bd_vid: 'abc123',
      url: 'https://m.example.com/register?bd_vid=abc123&name=bob',
      c: 'CH7',
    }).toString();
    expect(readAdClicks({ 'x-ad-clicks': header, 'x-ad-consent': '1' })).toEqual({
      platform: 'baidu',
      param: 'bd_vid',
      clickId: 'abc123',
      landingUrl: 'https://m.example.com/register?bd_vid=abc123',
      landingChannel: 'CH7',
      consent: true,
    });
  });

  it('reads no consent unless the header is exactly 1', () => {
    expect(readAdClicks({ 'x-ad-clicks': 'clickid=a1', 'x-ad-consent': 'yes' })?.consent).toBe(false);
    expect(readAdClicks({ 'x-ad-clicks': 'clickid=a1' })?.consent).toBe(false);
  });

  it('drops macros, malformed and over-long values, and a header sent twice', () => {
    expect(readAdClicks({})).toBeNull();
    expect(readAdClicks({ 'x-ad-clicks': 'clickid=__CLICKID__' })).toBeNull();
    expect(readAdClicks({ 'x-ad-clicks': 'callback={callback}' })).toBeNull();
    expect(readAdClicks({ 'x-ad-clicks': 'gdt_vid=a%20b' })).toBeNull();
    expect(readAdClicks({ 'x-ad-clicks': `clickid=${'x'.repeat(1025)}` })).toBeNull();
    expect(readAdClicks({ 'x-ad-clicks': `clickid=a&pad=${'x'.repeat(5000)}` })).toBeNull();
    expect(readAdClicks({ 'x-ad-clicks': ['clickid=a', 'clickid=b'] as unknown as string })).toBeNull();
    expect(readAdClicks({ 'x-ad-clicks': 'name=bob&mobile=13800138000' })).toBeNull();
  });

  it('keeps the click without a landing URL that is not http(s), and without a channel that is not a code', () => {
    expect(readAdClicks({ 'x-ad-clicks': 'clickid=a1&url=javascript:alert(1)&c=<b>' })).toMatchObject({
      clickId: 'a1',
      landingUrl: null,
      landingChannel: null,
    });
  });
});
