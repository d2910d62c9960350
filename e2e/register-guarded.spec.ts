import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { settingsFolder, startInstance, type SiteInstance } from './site-instance';
import {
  accessibleFlow,
  dragFlow,
  isAccessibleChallengeResponse,
  isChallengeResponse,
  keyboardFlow,
  registerThrough,
  seededGap,
  tapFlow,
} from './strict-flows';

// The guarded picture (levels 2-3: gaps of the piece's shape filling its row, grain, strokes; 10 times the work)
// stays passable by drag, keyboard, one tap and 无障碍验证. One more instance of the built server, strict and
// pinned at level 2, with the level-0 strict server's test seed: the gap is planned before the picture is
// painted, so the flows of e2e/strict-flows.ts find it where they find it at level 0. Run in the phone project
// only (playwright.config.ts): the level-0 journeys already run in every engine.
const SEED = Number(process.env.E2E_STRICT_SEED);

// One worker, so one instance; unlike 'serial', a failing flow does not skip the others.
test.describe.configure({ mode: 'default' });

let guarded: SiteInstance | undefined;
test.beforeAll(async () => {
  guarded = await startInstance(join(settingsFolder({ 'site.json': '{}' }), 'site.json'), {
    CAPTCHA_MODE: 'strict',
    CAPTCHA_LEVEL: '2',
    CAPTCHA_TEST_SEED: String(SEED),
    NODE_ENV: 'test', // the only setting under which the server takes a test seed
    CAPTCHA_STOCK: '0', // each puzzle drawn when asked for: no draws ahead beside the tests
    CAPTCHA_DRAW_THREADS: '1',
  });
});
test.afterAll(async () => {
  await guarded?.stop();
});

const FLOWS = [
  { flow: dragFlow, prefix: 'gdr', title: 'a hand-like drag' },
  { flow: keyboardFlow, prefix: 'gkb', title: 'the keyboard only' },
  { flow: tapFlow, prefix: 'gtap', title: 'one tap on the track' },
  { flow: accessibleFlow, prefix: 'gax', title: '无障碍验证 alone' },
];

for (const { flow, prefix, title } of FLOWS) {
  test(`level 2, the guarded picture: a visitor registers with ${title}, the token spent on reg`, async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    const issued = page.waitForResponse(isChallengeResponse);
    const accessibleIssued = flow === accessibleFlow ? page.waitForResponse(isAccessibleChallengeResponse) : null;
    const server = { origin: guarded!.baseURL, seed: SEED };
    await registerThrough(page, request, testInfo, server, flow, prefix);

    // The level was 2 indeed: sealed into the challenge's task, with the guarded picture, its gap the seed's.
    const challenge = (await (await issued).json()) as { pieceY: number; work: { parameters: { data: unknown } } };
    expect(challenge.work.parameters.data).toMatchObject({ lv: 2, pic: 'guarded' });
    expect(challenge.pieceY).toBe(seededGap(SEED).gapY);
    if (accessibleIssued) {
      const accessible = (await (await accessibleIssued).json()) as { work: { parameters: { data: unknown } } };
      expect(accessible.work.parameters.data).toMatchObject({ lv: 2, pic: 'none' });
    }
  });
}
