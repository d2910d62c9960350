import { channelLabel, isCodeName, listedChannels, queryValue, withListedCode } from './rules';
import type { ChannelSettings } from './settings';

const SITE: ChannelSettings = { default: 'H5REG', allowed: ['CH7', 'CH8'], param: 'c' };
const REG = '/api/Index/reg?name=a&Password=p&rePassword=p&wash=1&washType=2';
const TAIL = 'mobile=13800138000&QQ=&islogin=true';

describe('channelLabel', () => {
  it('labels no channel as the default, a listed one as itself, anything else as other', () => {
    expect([undefined, null, ''].map((named) => channelLabel(named, SITE))).toEqual(['H5REG', 'H5REG', 'H5REG']);
    expect(['CH7', 'H5REG'].map((named) => channelLabel(named, SITE))).toEqual(['CH7', 'H5REG']);
    expect(['ch7', 'CH9', 'CH7,CH8', 'x'.repeat(500)].map((named) => channelLabel(named, SITE))).toEqual(['other', 'other', 'other', 'other']);
  });

  it('lists the default first, once, even when the list leaves it out', () => {
    expect(listedChannels(SITE)).toEqual(['H5REG', 'CH7', 'CH8']);
    expect(listedChannels({ ...SITE, allowed: ['CH7', 'H5REG'] })).toEqual(['H5REG', 'CH7']);
  });
});

describe('isCodeName', () => {
  it('knows every name a backend could read as code', () => {
    expect(['code', 'Code', 'CODE', 'code[]', 'code[0]', '%63ode', ' code', 'code%5B%5D', 'c%6Fde'].every(isCodeName)).toBe(true);
    expect(['codes', 'qrcode', 'co de', 'c', 'name', '%E0%A4%A'].some(isCodeName)).toBe(false);
  });
});

describe('queryValue', () => {
  it('reads the first value of a parameter as the browser does, or null', () => {
    expect(queryValue('/register?c=CH7&c=CH8', 'c')).toBe('CH7');
    expect(queryValue('/register?x=1&c=%43H7', 'c')).toBe('CH7');
    expect(queryValue('/register', 'c')).toBeNull();
    expect(queryValue('/register?ch=CH7', 'c')).toBeNull();
  });
});

describe('withListedCode', () => {
  it('keeps a listed code and every other byte as sent', () => {
    for (const code of ['CH7', 'H5REG']) {
      const url = `${REG}&code=${code}&${TAIL}`;
      expect(withListedCode(url, SITE)).toEqual({ url, named: code });
    }
  });

  it('rewrites an unlisted code to the default in its place', () => {
    for (const code of ['CH9', 'ch7', '', 'H5REG%00', '%E0%A4%A', 'x'.repeat(100)]) {
      const { url, named } = withListedCode(`${REG}&code=${code}&${TAIL}`, SITE);
      expect(url).toBe(`${REG}&code=H5REG&${TAIL}`);
      expect(named).not.toBe('H5REG');
    }
  });

  it('leaves one code-like pair, the default, where the first was, when there are several or one unlisted', () => {
    for (const codes of ['code=CH7&code=CH8', 'code=CH7&code=CH7', 'code=CH7&Code=EVIL', 'Code=EVIL', 'code=CH7&code%5B%5D=EVIL']) {
      const { url, named } = withListedCode(`${REG}&${codes}&${TAIL}`, SITE);
      expect(url).toBe(`${REG}&code=H5REG&${TAIL}`);
      expect(channelLabel(named, SITE)).toBe('other');
    }
  });

  it('spells one listed code however named as plain code=', () => {
    for (const codes of ['Code=CH7', 'code[]=CH7', '%63ode=CH7', 'code=%43H7']) {
      expect(withListedCode(`${REG}&${codes}&${TAIL}`, SITE)).toEqual({ url: `${REG}&code=CH7&${TAIL}`, named: 'CH7' });
    }
  });

  it('gives the default to a reg that names no code or an empty one, and leaves a reg with no query alone', () => {
    expect(withListedCode(`${REG}&${TAIL}`, SITE)).toEqual({ url: `${REG}&${TAIL}&code=H5REG`, named: null });
    expect(withListedCode(`${REG}&code&${TAIL}`, SITE)).toEqual({ url: `${REG}&code=H5REG&${TAIL}`, named: '' });
    expect(withListedCode('/api/Index/reg', SITE)).toEqual({ url: '/api/Index/reg', named: null });
    expect(withListedCode('/api/Index/reg?', SITE)).toEqual({ url: '/api/Index/reg?', named: null });
  });

  it('encodes a default that needs it', () => {
    expect(withListedCode('/reg?code=EVIL', { ...SITE, default: 'a b' }).url).toBe('/reg?code=a%20b');
  });
});
