import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SITE_SETTINGS } from '@game-register/site-settings';
import { readSiteSettings, SiteSettingsError } from './read-settings';
import { adsForPage, tencentAccountFor } from './site-ads';

async function readAds(ads: unknown) {
  const dir = await mkdtemp(join(tmpdir(), 'ads-settings-'));
  await writeFile(join(dir, 'site.json'), JSON.stringify({ channel: { default: 'H5REG', allowed: ['CH7'] }, ads }));
  return readSiteSettings({ configPath: join(dir, 'site.json'), env: {}, cwd: dir }, DEFAULT_SITE_SETTINGS);
}

async function problemsOf(ads: unknown): Promise<string[]> {
  const error = await readAds(ads).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SiteSettingsError);
  return (error as SiteSettingsError).problems;
}

describe('the ads settings', () => {
  it('are every platform off, no consent asked, without an ads section', async () => {
    expect((await readAds(undefined)).ads).toEqual(DEFAULT_SITE_SETTINGS.ads);
  });

  it('keep the defaults of the fields a file leaves out', async () => {
    const { ads } = await readAds({ baidu: { enabled: true }, kuaishou: { enabled: true } });
    expect(ads.baidu).toEqual({ enabled: true, registerType: 25 });
    expect(ads.kuaishou.enabled).toBe(true);
    expect(ads.tencent.enabled).toBe(false);
  });

  it("pick Tencent's account by channel, else the default", async () => {
    const { ads } = await readAds({
      tencent: { enabled: true, accountId: 11, userActionSetId: 22, channels: { CH7: { accountId: 77, userActionSetId: 88 } } },
    });
    expect(tencentAccountFor(ads, 'CH7')).toEqual({ accountId: 77, userActionSetId: 88 });
    expect(tencentAccountFor(ads, 'H5REG')).toEqual({ accountId: 11, userActionSetId: 22 });
    expect(tencentAccountFor(ads, 'constructor')).toEqual({ accountId: 11, userActionSetId: 22 });
  });

  it('refuse Tencent on without its account, consent asked without a text, an unlisted channel, and wrong types', async () => {
    expect(await problemsOf({ tencent: { enabled: true } })).toEqual([
      'ads.tencent.accountId and ads.tencent.userActionSetId must be set when ads.tencent.enabled is true',
    ]);
    expect(await problemsOf({ consent: { required: true } })).toEqual([
      'ads.consent.text must be the text shown beside the box when ads.consent.required is true',
    ]);
    expect(await problemsOf({ tencent: { channels: { CH9: { accountId: 1, userActionSetId: 2 } } } })).toEqual([
      'ads.tencent.channels.CH9: CH9 is not a listed channel (channel.allowed)',
    ]);
    const wrong = await problemsOf({ baidu: { enabled: 'yes', registerType: 2.5 }, kuaishou: { token: 'x' } });
    expect(wrong.join('\n')).toMatch(/ads\.baidu\.enabled must be true or false/);
    expect(wrong.join('\n')).toMatch(/ads\.baidu\.registerType must be the newType number/);
    expect(wrong.join('\n')).toMatch(/ads\.kuaishou\.token is not a known field/);
  });

  it("take the site's landing hosts as bare lower-case host names", async () => {
    expect((await readAds({ landingHosts: ['m.game.example.com', 'game.example.com'] })).ads.landingHosts).toEqual([
      'm.game.example.com',
      'game.example.com',
    ]);
    for (const wrong of ['https://m.game.example.com', 'm.game.example.com:8443', 'M.Game.example.com', 'm.game.example.com/register']) {
      expect((await problemsOf({ landingHosts: [wrong] })).join('\n')).toMatch(/ads\.landingHosts/);
    }
  });

  it('go into the page without any account id', async () => {
    const { ads } = await readAds({
      consent: { required: true, text: '同意回传' },
      landingHosts: ['own.example'],
      tencent: { enabled: true, accountId: 11, userActionSetId: 22, channels: { CH7: { accountId: 77, userActionSetId: 88 } } },
    });
    const page = JSON.stringify(adsForPage(ads));
    expect(page).toContain('同意回传');
    for (const id of ['11', '22', '77', '88', 'own.example']) expect(page).not.toContain(id);
  });
});
