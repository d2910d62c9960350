import { adClicksHeader, clickOfLanding, isClickId, MAX_LANDING_URL } from './ad-clicks';

describe("a landing URL's ad click", () => {
  it('is found for each platform under its parameter', () => {
    expect(clickOfLanding('https://m.example.com/register?gdt_vid=wx0ab_12')).toMatchObject({
      platform: 'tencent',
      param: 'gdt_vid',
      clickId: 'wx0ab_12',
    });
    expect(clickOfLanding('https://m.example.com/?qz_gdt=qz123')).toMatchObject({ platform: 'tencent', param: 'qz_gdt' });
    expect(clickOfLanding('https://m.example.com/?clickid=EPqn1&adid=1')).toMatchObject({ platform: 'oceanengine', clickId: 'EPqn1' });
    expect(clickOfLanding('https://m.example.com/?callback=DHAJ%2Bx%3D')).toMatchObject({ platform: 'kuaishou', clickId: 'DHAJ+x=' });
  });

  it("keeps of the landing URL only origin, path and the click parameter (Baidu's logidUrl)", () => {
    expect(clickOfLanding('https://m.example.com/register?c=CH7&bd_vid=123abc&phone=13800138000#top')).toMatchObject({
      platform: 'baidu',
      landingUrl: 'https://m.example.com/register?bd_vid=123abc',
    });
  });

  it('drops values that are still macros, malformed or too long', () => {
    for (const value of [
      '__CLICKID__',
      'x__CALLBACK__',
      '{clickid}',
      '{{callback}}',
      '[CLICKID]',
      '$CLICKID$',
      'a b',
      'a"b',
      'a<b',
      '',
      'x'.repeat(1025),
    ]) {
      expect(isClickId(value), value).toBe(false);
    }
    expect(clickOfLanding('https://m.example.com/?clickid=__CLICKID__')).toBeNull();
    expect(clickOfLanding('https://m.example.com/?clickid=__CLICKID__&callback=real_one')).toMatchObject({ platform: 'kuaishou' });
  });

  it("takes the last real clickid when the link's unfilled macro comes before the one Ocean Engine appends", () => {
    expect(clickOfLanding('https://m.example.com/r?clickid=__CLICKID__&adid=1&clickid=EPqn1real')).toMatchObject({
      platform: 'oceanengine',
      clickId: 'EPqn1real',
      landingUrl: 'https://m.example.com/r?clickid=EPqn1real',
    });
    expect(clickOfLanding('https://m.example.com/r?clickid=first1&clickid=second2')).toMatchObject({ clickId: 'second2' });
    expect(clickOfLanding('https://m.example.com/r?clickid=real1&clickid=__CLICKID__')).toMatchObject({ clickId: 'real1' });
  });

  it("takes Kuaishou's callback out of a whole track/activate address (monitor links)", () => {
    const inner = 'http://ad.partner.gifshow.com/track/activate?callback=DHAJ_x-1';
    expect(clickOfLanding(`https://m.example.com/r?callback=${encodeURIComponent(inner)}`)).toMatchObject({
      platform: 'kuaishou',
      clickId: 'DHAJ_x-1',
      landingUrl: 'https://m.example.com/r?callback=DHAJ_x-1',
    });
    expect(
      clickOfLanding(`https://m.example.com/r?callback=${encodeURIComponent('https://ad.partner.gifshow.com/track/activate?x=1')}`),
    ).toBeNull();
  });

  it('has no landing URL when the address is too long for Baidu', () => {
    const click = clickOfLanding(`https://m.example.com/${'p'.repeat(MAX_LANDING_URL)}?bd_vid=1`);
    expect(click).toMatchObject({ platform: 'baidu', landingUrl: null });
  });

  it('travels as one form-encoded header value with the landing channel', () => {
    const click = clickOfLanding('https://m.example.com/r?callback=a%26b%3Dc')!;
    expect(new URLSearchParams(adClicksHeader(click, 'CH7'))).toEqual(
      new URLSearchParams({ callback: 'a&b=c', url: 'https://m.example.com/r?callback=a%26b%3Dc', c: 'CH7' }),
    );
  });
});
