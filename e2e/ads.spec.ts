import { expect, test } from './fixtures';
import { ADS_CONSENT_TEXT } from './ads-fixtures';
import { pinPuzzleRandom, registerThroughPuzzle } from './register-journey';

// The server of e2e/ads-stack.ts, reporting to the fake platforms on E2E_ADS_FAKE_PORT.
const SITE = `http://127.0.0.1:${process.env.E2E_ADS_PORT}`;
const FAKE = `http://127.0.0.1:${process.env.E2E_ADS_FAKE_PORT}`;

interface Recorded {
  platform: string;
  clickId: string;
  raw: string;
}

async function reported(): Promise<{ requests: Recorded[]; problems: string[] }> {
  return (await fetch(`${FAKE}/__fake/requests`)).json() as Promise<{ requests: Recorded[]; problems: string[] }>;
}

const LANDINGS = [
  { platform: 'tencent', param: 'gdt_vid', value: 'wx0e2eGDTvid' },
  { platform: 'oceanengine', param: 'clickid', value: 'E2EoceanClick' },
  { platform: 'baidu', param: 'bd_vid', value: 'E2EbaiduVid123' },
  { platform: 'kuaishou', param: 'callback', value: 'E2E-kuaishou_Callback' },
] as const;

for (const { platform, param, value } of LANDINGS) {
  test(`a registration from a ${platform} ad is reported to ${platform}, with nothing personal`, async ({ page }, testInfo) => {
    test.setTimeout(45_000);
    const clickId = `${value}${testInfo.workerIndex}${Date.now() % 100_000}`;
    const stamp = String(Date.now()).slice(-7);
    const values = {
      name: `ad${platform.slice(0, 3)}${stamp}`,
      password: 'Ad#pass123',
      mobile: `137${stamp}${LANDINGS.findIndex((each) => each.platform === platform)}`,
    };
    await pinPuzzleRandom(page);
    // The ad's landing, with a macro the platform left unfilled beside the real click id.
    await page.goto(`${SITE}/register?c=CH7&${param}=${clickId}&adid=__AID__`);
    // The visitor wanders off and comes back: the click is kept with the visit.
    await page.goto(`${SITE}/contact`);
    await page.goto(`${SITE}/register`);
    const consent = page.getByRole('checkbox', { name: ADS_CONSENT_TEXT });
    await expect(consent).not.toBeChecked();
    await consent.check();
    await registerThroughPuzzle(page, values, true);
    await expect(page.getByRole('dialog', { name: '注册成功' })).toBeVisible({ timeout: 10_000 });

    await expect
      .poll(async () => (await reported()).requests.filter((request) => request.clickId === clickId).map((request) => request.platform), {
        timeout: 10_000,
      })
      .toEqual([platform]);
    const { requests, problems } = await reported();
    expect(problems).toEqual([]);
    const mine = requests.find((request) => request.clickId === clickId)!;
    for (const personal of [values.name, values.password, values.mobile, 'Mozilla', 'iPhone']) expect(mine.raw).not.toContain(personal);
  });
}

test('a registration without the consent box ticked is not reported', async ({ page }) => {
  test.setTimeout(45_000);
  const clickId = `E2EnoConsent${Date.now() % 100_000}`;
  const stamp = String(Date.now()).slice(-7);
  await pinPuzzleRandom(page);
  await page.goto(`${SITE}/register?clickid=${clickId}`);
  await registerThroughPuzzle(page, { name: `adnoc${stamp}`, password: 'Ad#pass123', mobile: `136${stamp}9` }, true);
  await expect(page.getByRole('dialog', { name: '注册成功' })).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(1500);
  expect((await reported()).requests.filter((request) => request.clickId === clickId)).toEqual([]);
});
