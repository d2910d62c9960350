// The ad reports spec's stack (e2e/ads.spec.ts): the fake of the four ad platforms (testing/ads/) and
// the product's built server reporting to it, every platform on, consent required, channels H5REG and CH7.
// Started by Playwright (playwright.config.ts) through tsx; the ports come from the environment (scripts/e2e.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakePlatforms } from '../testing/ads/fake-platforms';
import { ADS_CONSENT_TEXT } from './ads-fixtures';
import { startStackServer } from './stack-server';

const { E2E_ADS_PORT, E2E_ADS_FAKE_PORT, ADS_DIST_DIR } = process.env;
const fake = await startFakePlatforms(Number(E2E_ADS_FAKE_PORT));
const siteConfig = join(mkdtempSync(join(tmpdir(), 'ads-stack-')), 'site.json');
writeFileSync(
  siteConfig,
  JSON.stringify({
    channel: { default: 'H5REG', allowed: ['CH7'] },
    ads: {
      consent: { required: true, text: ADS_CONSENT_TEXT },
      tencent: { enabled: true, accountId: 1000001, userActionSetId: 2000001 },
      oceanengine: { enabled: true },
      baidu: { enabled: true, registerType: 25 },
      kuaishou: { enabled: true },
    },
  }),
);

startStackServer(
  {
    ...fake.env(),
    PORT: E2E_ADS_PORT,
    DIST_DIR: ADS_DIST_DIR,
    DATABASE_PATH: ':memory:',
    SITE_CONFIG: siteConfig,
    ADS_TENCENT_TOKEN: 'e2e-tencent-token',
    ADS_BAIDU_TOKEN: 'e2e-baidu-token',
    ADS_POLL_MS: '50',
  },
  () => void fake.close(),
);
