import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SITE_SETTINGS } from '@game-register/site-settings';
import { readSiteSettings, SiteSettingsError } from './read-settings';
import { SITE_VARIABLES } from './settings-schema';
import { operatorSwitchesOf, parseSwitchTime } from './operator-switches';

async function folderWith(files: Record<string, string | Buffer>) {
  const dir = await mkdtemp(join(tmpdir(), 'site-settings-'));
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
  return dir;
}

async function read(file: unknown, env: Record<string, string> = {}, extra: Record<string, string | Buffer> = {}, now?: number) {
  const dir = await folderWith({
    ...(file === undefined ? {} : { 'site.json': typeof file === 'string' ? file : JSON.stringify(file) }),
    ...extra,
  });
  return readSiteSettings({ configPath: file === undefined ? null : join(dir, 'site.json'), env, cwd: dir }, DEFAULT_SITE_SETTINGS, now);
}

async function problemsOf(file: unknown, env: Record<string, string> = {}, extra: Record<string, string | Buffer> = {}, now?: number) {
  const error = await read(file, env, extra, now).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SiteSettingsError);
  return (error as SiteSettingsError).problems;
}

describe('site settings', () => {
  it('have the variable names operators and the channel routes rely on', () => {
    expect(SITE_VARIABLES.map(({ variable }) => variable)).toEqual([
      'SITE_BRAND_NAME',
      'SITE_BRAND_LOGO',
      'SITE_BRAND_THEME_COLOR',
      'SITE_GAME_MOBILE_URL',
      'SITE_GAME_PC_URL',
      'SITE_DOWNLOADS_ANDROID',
      'SITE_DOWNLOADS_IOS',
      'SITE_CONTACT_PHONE',
      'SITE_CONTACT_WECHAT',
      'SITE_CONTACT_QQ',
      'SITE_CONTACT_TELEGRAM',
      'SITE_CONTACT_WECHAT_QR',
      'SITE_CONTACT_TELEGRAM_QR',
      'SITE_CAPTCHA_IMAGES',
      'SITE_CAPTCHA_UNDER_ATTACK_LEVEL',
      'SITE_CAPTCHA_UNDER_ATTACK_UNTIL',
      'SITE_CAPTCHA_PEOPLE_FIRST_LEVEL',
      'SITE_CAPTCHA_PEOPLE_FIRST_UNTIL',
      'SITE_CAPTCHA_CAMPAIGN_LEVEL',
      'SITE_CAPTCHA_CAMPAIGN_UNTIL',
      'SITE_CHANNEL_DEFAULT',
      'SITE_CHANNEL_ALLOWED',
      'SITE_CHANNEL_PARAM',
    ]);
  });

  it('are the defaults without a file or a variable', async () => {
    expect(await read(undefined)).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('take the file over the defaults and the variables over the file, field by field', async () => {
    const settings = await read(
      { brand: { name: '星河传奇' }, contact: { phone: '400-111-2222', qq: '' }, channel: { default: 'XH01', allowed: ['CH7'] } },
      {
        SITE_CONTACT_PHONE: '400-999-0000',
        SITE_CHANNEL_ALLOWED: 'CH7, CH8',
        SITE_CAPTCHA_IMAGES: 'https://cdn.example.com/1.webp,/pictures/2.webp',
      },
    );
    expect(settings.brand.name).toBe('星河传奇');
    expect(settings.contact).toMatchObject({ phone: '400-999-0000', wechat: DEFAULT_SITE_SETTINGS.contact.wechat, qq: '' });
    expect(settings.captcha.images).toEqual(['https://cdn.example.com/1.webp', '/pictures/2.webp']);
    // The default channel is always listed, first.
    expect(settings.channel).toEqual({ default: 'XH01', allowed: ['XH01', 'CH7', 'CH8'], param: 'c' });
  });

  it('list the default channel alone when no list is given', async () => {
    expect((await read(undefined, { SITE_CHANNEL_DEFAULT: 'LC00' })).channel).toEqual({ default: 'LC00', allowed: ['LC00'], param: 'c' });
  });

  it('inline the logo file, found beside the settings file, as a data URL', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const settings = await read({ brand: { logo: 'logo.svg' } }, {}, { 'logo.svg': svg });
    expect(settings.brand.logo).toBe(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
  });

  it('refuse an unknown field, a bad URL and an empty channel entry, naming each field', async () => {
    const problems = await problemsOf({
      brand: { colour: '#000000' },
      game: { mobileUrl: 'm.game.example.com' },
      channel: { allowed: ['CH7', ''] },
      extra: 1,
    });
    expect(problems).toEqual([
      expect.stringMatching(/site\.json: extra is not a known field/),
      expect.stringMatching(/site\.json: brand\.colour is not a known field \(known in brand: name, logo, themeColor\)/),
      expect.stringMatching(/site\.json: game\.mobileUrl must be an http\(s\) URL such as .*, got "m\.game\.example\.com"/),
      expect.stringMatching(/site\.json: channel\.allowed\[1\] must be a channel code of 1 to 32 letters, digits, _ or -, got ""/),
    ]);
  });

  it('name the variable a wrong value came from', async () => {
    const problems = await problemsOf(undefined, {
      SITE_CHANNEL_ALLOWED: 'CH7,,CH8',
      SITE_DOWNLOADS_IOS: 'javascript:alert(1)',
      SITE_CONTACT_WECHAT_QR: '//evil.example.com/qr.png',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^SITE_DOWNLOADS_IOS \(downloads\.ios\) must be an http\(s\) URL or a path on this site/),
      expect.stringMatching(/^SITE_CONTACT_WECHAT_QR \(contact\.wechatQr\) must be/),
      expect.stringMatching(/^SITE_CHANNEL_ALLOWED \(channel\.allowed, entry 2\) must be a channel code/),
    ]);
  });

  it("refuse other as a channel code, the metrics' name for every unlisted channel", async () => {
    expect(await problemsOf({ channel: { allowed: ['CH7', 'other'] } })).toEqual([
      expect.stringMatching(/^channel: "other" cannot be a channel code/),
    ]);
    expect(await problemsOf(undefined, { SITE_CHANNEL_DEFAULT: 'other' })).toEqual([
      expect.stringMatching(/^channel: "other" cannot be a channel code/),
    ]);
  });

  it('refuse a file that is not JSON, or missing, saying so', async () => {
    expect(await problemsOf('{ "brand": ')).toEqual([expect.stringMatching(/site\.json is not valid JSON/)]);
    const missing = await readSiteSettings({ configPath: '/nonexistent/site.json', env: {}, cwd: '/' }, DEFAULT_SITE_SETTINGS).catch(
      (error: SiteSettingsError) => error.problems,
    );
    expect(missing).toEqual(['SITE_CONFIG: cannot read /nonexistent/site.json (ENOENT)']);
  });

  it('refuse a theme colour too light to carry white text', async () => {
    expect(await problemsOf({ brand: { themeColor: '#ffcc00' } })).toEqual([
      expect.stringMatching(/brand\.themeColor #ffcc00 is too light: white on it has a contrast of 1\.\d:1/),
    ]);
    expect((await read({ brand: { themeColor: '#1f5fbf' } })).brand.themeColor).toBe('#1f5fbf');
  });

  it('refuse a logo that is not a picture, or too big to inline', async () => {
    expect(await problemsOf({ brand: { logo: 'logo.txt' } }, {}, { 'logo.txt': 'hi' })).toEqual([
      expect.stringMatching(/brand\.logo must be an SVG, PNG, WebP, JPEG or GIF file/),
    ]);
    expect(await problemsOf({ brand: { logo: 'big.png' } }, {}, { 'big.png': Buffer.alloc(40 * 1024) })).toEqual([
      expect.stringMatching(/brand\.logo: .*big\.png is 40 KB; at most 32 KB/),
    ]);
  });
});

describe("strict mode's operator switches in the site settings", () => {
  // 2026-11-25 08:00 UTC is 16:00 in Beijing: the moment these settings are read.
  const NOW = Date.parse('2026-11-25T08:00:00Z');
  const HOUR = 3_600_000;

  it('read the switches from the file, each with its level and its end, and hand them to the gateway as a floor and caps', async () => {
    const captcha = {
      underAttack: { level: 2, until: '2026-11-25T18:00:00+08:00' },
      peopleFirst: { level: 1, until: '2026-11-26T07:59:59.5Z' },
      campaign: { level: 0, until: '2026-11-25T20:00:00+08:00' },
    };
    const settings = await read({ captcha }, {}, {}, NOW);
    expect(settings.captcha).toEqual({ images: [], ...captcha });
    expect(operatorSwitchesOf(settings.captcha)).toEqual({
      underAttack: { floor: 2, until: NOW + 2 * HOUR },
      peopleFirst: { cap: 1, until: NOW + 24 * HOUR - 500 },
      campaign: { cap: 0, until: NOW + 4 * HOUR },
    });
    // None set: the gateway reads no switch.
    expect(operatorSwitchesOf((await read({}, {}, {}, NOW)).captcha)).toEqual({ underAttack: null, peopleFirst: null, campaign: null });
  });

  it('accept an until in the past: the switch is simply off', async () => {
    const settings = await read({ captcha: { underAttack: { level: 3, until: '2026-11-24T16:00:00+08:00' } } }, {}, {}, NOW);
    expect(operatorSwitchesOf(settings.captcha).underAttack).toEqual({ floor: 3, until: NOW - 24 * HOUR });
  });

  it('refuse an until more than 24 h after the moment they are read, naming the field, and take exactly 24 h', async () => {
    const dayAndAMinute = '2026-11-26T16:01:00+08:00';
    expect(await problemsOf({ captcha: { underAttack: { level: 2, until: dayAndAMinute } } }, {}, {}, NOW)).toEqual([
      expect.stringMatching(
        /site\.json: captcha\.underAttack\.until must be at most 24 h ahead \(by 2026-11-26T08:00:00\.000Z\): the switch must end by itself, got "2026-11-26T16:01:00\+08:00", 24\.0 h ahead$/,
      ),
    ]);
    expect(await problemsOf({ captcha: { peopleFirst: { level: 0, until: '2026-12-01T00:00:00Z' } } }, {}, {}, NOW)).toEqual([
      expect.stringMatching(/site\.json: captcha\.peopleFirst\.until must be at most 24 h ahead .* 136\.0 h ahead$/),
    ]);
    expect(
      (await read({ captcha: { underAttack: { level: 2, until: '2026-11-26T16:00:00+08:00' } } }, {}, {}, NOW)).captcha.underAttack?.level,
    ).toBe(2);
  });

  it("refuse a level out of each switch's range, a missing field and a time without its offset or that does not exist", async () => {
    const until = '2026-11-25T18:00:00+08:00';
    expect(await problemsOf({ captcha: { underAttack: { level: 0, until }, peopleFirst: { level: 3, until } } }, {}, {}, NOW)).toEqual([
      expect.stringMatching(
        /site\.json: captcha\.underAttack\.level must be the lowest level a visitor not known good gets, a level from 1 to 3, got 0$/,
      ),
      expect.stringMatching(
        /site\.json: captcha\.peopleFirst\.level must be the highest level any visitor gets, a level from 0 to 2, got 3$/,
      ),
    ]);
    expect(await problemsOf({ captcha: { underAttack: { level: 2 } } }, {}, {}, NOW)).toEqual([
      expect.stringMatching(/site\.json: captcha\.underAttack\.until is missing: captcha\.underAttack needs level and until$/),
    ]);
    expect(await problemsOf({ captcha: { underAttack: { level: 2, until: '2026-11-25T18:00:00' } } }, {}, {}, NOW)).toEqual([
      expect.stringMatching(
        /site\.json: captcha\.underAttack\.until must be a date and time with its offset, such as 2026-11-25T18:00:00\+08:00, got "2026-11-25T18:00:00"$/,
      ),
    ]);
    expect(await problemsOf({ captcha: { underAttack: { level: 2, until: '2026-02-30T18:00:00+08:00' } } }, {}, {}, NOW)).toEqual([
      expect.stringMatching(
        /site\.json: captcha\.underAttack\.until must be a date and time that exists, .*got "2026-02-30T18:00:00\+08:00"$/,
      ),
    ]);
  });

  it("come from the variables too, a switch's two variables together, over the file's switch", async () => {
    const settings = await read(
      { captcha: { underAttack: { level: 3, until: '2026-11-25T20:00:00+08:00' } } },
      { SITE_CAPTCHA_UNDER_ATTACK_LEVEL: '1', SITE_CAPTCHA_UNDER_ATTACK_UNTIL: '2026-11-25T09:30:00Z' },
      {},
      NOW,
    );
    expect(settings.captcha.underAttack).toEqual({ level: 1, until: '2026-11-25T09:30:00Z' });
    expect(await problemsOf(undefined, { SITE_CAPTCHA_PEOPLE_FIRST_LEVEL: '1' }, {}, NOW)).toEqual([
      'SITE_CAPTCHA_PEOPLE_FIRST_UNTIL (captcha.peopleFirst.until) is missing: captcha.peopleFirst needs level and until',
    ]);
    expect(
      await problemsOf(
        undefined,
        { SITE_CAPTCHA_UNDER_ATTACK_LEVEL: 'two', SITE_CAPTCHA_UNDER_ATTACK_UNTIL: '2026-11-25T18:00:00+08:00' },
        {},
        NOW,
      ),
    ).toEqual([
      expect.stringMatching(/^SITE_CAPTCHA_UNDER_ATTACK_LEVEL \(captcha\.underAttack\.level\) must be .*a level from 1 to 3, got "two"$/),
    ]);
    expect(
      await problemsOf(
        undefined,
        { SITE_CAPTCHA_UNDER_ATTACK_LEVEL: '2', SITE_CAPTCHA_UNDER_ATTACK_UNTIL: '2026-11-27T18:00:00+08:00' },
        {},
        NOW,
      ),
    ).toEqual([expect.stringMatching(/^SITE_CAPTCHA_UNDER_ATTACK_UNTIL \(captcha\.underAttack\.until\) must be at most 24 h ahead/)]);
  });

  it('read a date and time with its offset as Date reads it, and refuse one that names no moment', () => {
    for (const text of [
      '2026-11-25T18:00:00+08:00',
      '2026-11-25T18:00+08:00',
      '2026-11-25T10:00:00.250Z',
      '2026-11-25T05:30:00-04:30',
      '2028-02-29T00:00:00Z',
    ]) {
      expect(parseSwitchTime(text)).toBe(Date.parse(text));
    }
    for (const text of [
      '2026-02-29T00:00:00Z',
      '2026-11-31T00:00:00Z',
      '2026-11-25T24:00:00Z',
      '2026-11-25T18:60:00Z',
      '2026-11-25T18:00:00+24:00',
      '0099-01-01T00:00:00Z',
      '2026-11-25 18:00:00Z',
      'tomorrow',
    ]) {
      expect(parseSwitchTime(text)).toBeNull();
    }
  });
});
