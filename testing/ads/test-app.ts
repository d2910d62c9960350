import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AdsSettings } from '@game-register/site-settings';
import { loadConfig, type ServerConfig } from '../../server/config/config';
import { buildTestApp, tempDir } from '../server/test-support';
import { startFakePlatforms, type FakePlatforms } from './fake-platforms';
import { adsEnv } from './ads-env';

// In modules of their own, so that a test needing only these does not load the whole server (mutation runs
// load a test file's imports once per mutant).
export { adsEnv } from './ads-env';
export { waitFor } from './wait-for';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Every platform on, Tencent's default account and one for CH7, a site with channels H5REG and CH7. */
export const ALL_PLATFORMS_ON = {
  tencent: {
    enabled: true,
    accountId: 1000001,
    userActionSetId: 2000001,
    channels: { CH7: { accountId: 1000007, userActionSetId: 2000007 } },
  },
  oceanengine: { enabled: true },
  baidu: { enabled: true, registerType: 25 },
  kuaishou: { enabled: true },
} satisfies Partial<AdsSettings>;

/** The host of the tests' landing pages (a test's request comes from elsewhere: inject, 127.0.0.1). */
export const LANDING_HOST = 'm.game.example.com';

/** A SITE_CONFIG file with these `ads` settings (landing pages on LANDING_HOST unless they say) and the channels H5REG (default) and CH7. */
export async function siteConfigWithAds(ads: Partial<AdsSettings>): Promise<string> {
  const path = join(await tempDir('ads-site-'), 'site.json');
  await writeFile(path, JSON.stringify({ channel: { default: 'H5REG', allowed: ['CH7'] }, ads: { landingHosts: [LANDING_HOST], ...ads } }));
  return path;
}

/** The app reporting to the fake; `now`: the server's clock, for a test that moves time on. */
export async function buildAdsApp(
  fake: FakePlatforms,
  ads: Partial<AdsSettings> = ALL_PLATFORMS_ON,
  overrides: Partial<ServerConfig> = {},
  env: Record<string, string> = {},
  now?: () => number,
) {
  const configPath = await siteConfigWithAds(ads);
  const fromEnv = loadConfig(adsEnv(fake, env));
  return buildTestApp({ ads: fromEnv.ads, site: { configPath, env: {}, cwd: process.cwd() }, ...overrides }, { now });
}

/** A visitor's registration, with the app's ad headers. */
export function register(app: App, name: string, headers: Record<string, string> = {}, code = 'H5REG') {
  const query = new URLSearchParams({
    name,
    Password: 'Secret#123',
    rePassword: 'Secret#123',
    wash: '1',
    washType: '2',
    code,
    mobile: mobileOf(name),
    QQ: '',
    islogin: 'true',
  });
  return app.inject({ method: 'POST', url: `/api/Index/reg?${query}`, headers });
}

/** A distinct, valid phone number per name. */
export function mobileOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 100_000_000;
  return `139${String(hash).padStart(8, '0')}`;
}

/**
 * For a test file whose every test reports to the fake platforms: starts them before each test and, after it,
 * closes the app the test built and the fake. `build` is buildAdsApp against the current test's fake; a
 * second build in one test closes the first app.
 */
export function adsAppPerTest() {
  let fake: FakePlatforms | undefined;
  let app: App | undefined;
  beforeEach(async () => {
    fake = await startFakePlatforms();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await fake?.close();
    fake = undefined;
  });
  const current = () => {
    if (fake === undefined) throw new Error('the fake platforms run only during a test');
    return fake;
  };
  return {
    /** The current test's fake platforms. */
    get fake(): FakePlatforms {
      return current();
    },
    async build(...args: Parameters<typeof buildAdsApp> extends [FakePlatforms, ...infer Rest] ? Rest : never) {
      await app?.close();
      const built = await buildAdsApp(current(), ...args);
      app = built.app;
      return built;
    },
  };
}
