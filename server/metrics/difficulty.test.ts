// The difficulty metrics as Prometheus reads them: the gateway's events, which the server's metrics take
// as they are (metrics/contract.ts), into the server's registry, read back from its text exposition.
import type { AnswerFacts, ChallengeFacts, GatewayEvents } from '@game-register/gateway';
import { humanAnswer, openPuzzle, RIGHT_OFFSET, strictConfig, verify } from '../../testing/server/strict-mode';
import { fixedChannels } from '../channels/site-channels';
import { buildTestApp } from '../../testing/server/test-support';
import { createMetrics, type PrometheusMetrics } from './prometheus-metrics';
import { metricsOn, parseExposition, scrape, valueOf, type Sample } from '../../testing/server/metrics';

const P = 'game_register_';

function setup(): { events: GatewayEvents; metrics: PrometheusMetrics; read: () => Promise<Sample[]> } {
  const metrics = createMetrics(fixedChannels({ default: 'H5REG', allowed: [], param: 'c' }));
  return { events: metrics, metrics, read: async () => parseExposition(await metrics.registry.metrics()).samples };
}

const issued = (facts: Partial<ChallengeFacts> = {}): ChallengeFacts => ({
  level: 0,
  picture: 'plain',
  holdout: false,
  doublings: 0,
  ...facts,
});
const answer = (facts: Partial<AnswerFacts> = {}): AnswerFacts => ({
  level: 0,
  picture: 'plain',
  firstTry: true,
  solveSeconds: null,
  workSeconds: null,
  ...facts,
});

/** Every series of `name` as `label=value,...` -> value. */
function series(list: Sample[], name: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const sample of list) {
    if (sample.name !== P + name) continue;
    found[
      Object.entries(sample.labels)
        .map(([key, value]) => `${key}=${value}`)
        .join(',')
    ] = sample.value;
  }
  return found;
}

describe('the difficulty metrics', () => {
  it('start each level and picture a challenge can have at 0, and nothing else', async () => {
    const { read } = setup();
    const list = await read();
    const pairs = Object.keys(series(list, 'captcha_challenges_total'));
    // Levels 0-1 show the plain picture, 2-3 the guarded one, the holdout the guarded one at level 0; the
    // path without a picture at every level.
    expect(pairs.sort()).toEqual(
      ['0/plain', '1/plain', '2/guarded', '3/guarded', '0/guarded', '0/none', '1/none', '2/none', '3/none']
        .map((pair) => `level=${pair.split('/')[0]},picture=${pair.split('/')[1]}`)
        .sort(),
    );
    expect(Object.values(series(list, 'captcha_challenges_total')).every((value) => value === 0)).toBe(true);
    const answers = series(list, 'captcha_answers_total');
    expect(Object.keys(answers)).toHaveLength(pairs.length * 4);
    expect(answers['level=0,picture=guarded,result=passed,attempt=first']).toBe(0);
    expect(answers['level=3,picture=none,result=failed,attempt=retry']).toBe(0);
    // An address's and a network's changes by each kind of network, the site's and the carriers' floor's as their own.
    expect(Object.keys(series(list, 'captcha_level_changes_total'))).toHaveLength((2 * 3 + 1 + 1) * 4);
    expect(Object.keys(series(list, 'captcha_quota_refusals_total'))).toHaveLength(4 * 3);
    expect(Object.values(series(list, 'captcha_quota_refusals_total')).every((value) => value === 0)).toBe(true);
    // Histograms appear with their first report: no quantile of nothing.
    expect(series(list, 'captcha_solve_seconds_count')).toEqual({});
    expect(series(list, 'captcha_pass_seconds_count')).toEqual({});
    expect(series(list, 'captcha_pass_tries_count')).toEqual({});
    expect(Object.keys(series(list, 'captcha_opening_first_answers_total'))).toHaveLength(pairs.length * 2);
  });

  it("count challenges by level and picture, and still by their work's doublings", async () => {
    const { events, read } = setup();
    events.challengeIssued(issued());
    events.challengeIssued(issued({ picture: 'guarded', holdout: true }));
    events.challengeIssued(issued({ level: 2, picture: 'guarded', doublings: 3 }));
    events.challengeIssued(issued({ level: 2, picture: 'none', doublings: 1 }));
    const list = await read();
    expect(valueOf(list, `${P}captcha_challenges_total`, { level: '0', picture: 'plain' })).toBe(1);
    expect(valueOf(list, `${P}captcha_challenges_total`, { level: '0', picture: 'guarded' })).toBe(1);
    expect(valueOf(list, `${P}captcha_challenges_total`, { level: '2', picture: 'guarded' })).toBe(1);
    expect(valueOf(list, `${P}captcha_challenges_total`, { level: '2', picture: 'none' })).toBe(1);
    expect(valueOf(list, `${P}captcha_challenges_total`)).toBe(4); // both paths, as before the labels
    expect(series(list, 'captcha_work_doublings_total')).toEqual({ 'doublings=0': 2, 'doublings=3': 1, 'doublings=1': 1 });
  });

  it('count answers to known challenges by result and attempt; an unknown one only among the verifies', async () => {
    const { events, read } = setup();
    events.verified('passed', answer());
    events.verified('wrong_offset', answer());
    events.verified('wrong_offset', answer({ level: 1, firstTry: false }));
    events.verified('passed', answer({ level: 1, firstTry: false }));
    events.verified('work_refused', answer({ level: 3, picture: 'none', firstTry: false }));
    events.verified('expired_or_unknown', null);
    events.verified('locked', null);
    const list = await read();
    const moved = Object.fromEntries(Object.entries(series(list, 'captcha_answers_total')).filter(([, value]) => value > 0));
    expect(moved).toEqual({
      'level=0,picture=plain,result=passed,attempt=first': 1,
      'level=0,picture=plain,result=failed,attempt=first': 1,
      'level=1,picture=plain,result=failed,attempt=retry': 1,
      'level=1,picture=plain,result=passed,attempt=retry': 1,
      'level=3,picture=none,result=failed,attempt=retry': 1,
    });
    expect(valueOf(list, `${P}captcha_verifies_total`)).toBe(7);
    expect(valueOf(list, `${P}captcha_verifies_total`, { reason: 'expired_or_unknown' })).toBe(1);
  });

  it('put the reported times in their histograms by level and picture, clamped, and skip what was not reported', async () => {
    const { events, read } = setup();
    events.verified('passed', answer({ solveSeconds: 2.5, workSeconds: 0.3 }));
    events.verified('wrong_offset', answer({ solveSeconds: 12, workSeconds: 0.08 }));
    events.verified('passed', answer()); // an old widget: no timing
    events.verified('passed', answer({ picture: 'guarded', solveSeconds: 3600, workSeconds: -2 })); // a page left open; a lie
    events.verified('passed', answer({ level: 2, picture: 'none', solveSeconds: 9, workSeconds: 7 }));
    const list = await read();
    const solve = (labels: Record<string, string>) => valueOf(list, `${P}captcha_solve_seconds_bucket`, labels);
    expect(valueOf(list, `${P}captcha_solve_seconds_count`, { level: '0', picture: 'plain' })).toBe(2);
    expect(valueOf(list, `${P}captcha_solve_seconds_sum`, { level: '0', picture: 'plain' })).toBeCloseTo(14.5);
    expect(solve({ level: '0', picture: 'plain', le: '2' })).toBe(0);
    expect(solve({ level: '0', picture: 'plain', le: '3' })).toBe(1);
    expect(solve({ level: '0', picture: 'plain', le: '15' })).toBe(2);
    expect(valueOf(list, `${P}captcha_work_seconds_sum`, { level: '0', picture: 'plain' })).toBeCloseTo(0.38);
    expect(valueOf(list, `${P}captcha_work_seconds_bucket`, { level: '0', picture: 'plain', le: '0.1' })).toBe(1);
    // Clamped: an hour counts as 10 minutes (over the top bucket), a negative work time as 0.
    expect(valueOf(list, `${P}captcha_solve_seconds_sum`, { level: '0', picture: 'guarded' })).toBe(600);
    expect(solve({ level: '0', picture: 'guarded', le: '60' })).toBe(0);
    expect(solve({ level: '0', picture: 'guarded', le: '+Inf' })).toBe(1);
    expect(valueOf(list, `${P}captcha_work_seconds_sum`, { level: '0', picture: 'guarded' })).toBe(0);
    expect(valueOf(list, `${P}captcha_work_seconds_bucket`, { level: '0', picture: 'guarded', le: '0.05' })).toBe(1);
    expect(valueOf(list, `${P}captcha_work_seconds_count`, { level: '2', picture: 'none' })).toBe(1);
    expect(valueOf(list, `${P}captcha_solve_seconds_count`)).toBe(4);
  });

  it("count level changes by entity, the level moved to and the network's kind, and pass refusals by level and kind", async () => {
    const { events, read } = setup();
    events.levelChanged('network', 0, 1, 'unknown');
    events.levelChanged('network', 1, 2, 'unknown');
    events.levelChanged('network', 2, 1, 'unknown');
    events.levelChanged('network', 0, 1, 'carrier');
    events.levelChanged('site', 0, 2, null);
    events.quotaRefused(2, 'hosting');
    events.quotaRefused(2, 'hosting');
    events.quotaRefused(0, 'unknown');
    const list = await read();
    const moved = Object.fromEntries(Object.entries(series(list, 'captcha_level_changes_total')).filter(([, value]) => value > 0));
    expect(moved).toEqual({
      'entity=network,to=1,kind=unknown': 2,
      'entity=network,to=2,kind=unknown': 1,
      'entity=network,to=1,kind=carrier': 1,
      'entity=site,to=2,kind=site': 1,
    });
    const refused = Object.fromEntries(Object.entries(series(list, 'captcha_quota_refusals_total')).filter(([, value]) => value > 0));
    expect(refused).toEqual({ 'level=2,kind=hosting': 2, 'level=0,kind=unknown': 1 });
  });

  it("read what a strict-mode server tells them, the widget's timing included", async () => {
    const { app } = await buildTestApp(strictConfig({}, metricsOn()));
    try {
      const timed = { ...humanAnswer(await openPuzzle(app)), timing: { solveMs: 4200, workMs: 380 } };
      expect((await verify(app, timed)).json()).toMatchObject({ status: 'y' });
      await openPuzzle(app); // never answered
      const list = parseExposition((await scrape(app)).text).samples;
      expect(valueOf(list, `${P}captcha_challenges_total`, { level: '0', picture: 'plain' })).toBe(2);
      expect(valueOf(list, `${P}captcha_answers_total`, { level: '0', picture: 'plain', result: 'passed', attempt: 'first' })).toBe(1);
      expect(valueOf(list, `${P}captcha_answers_total`)).toBe(1);
      expect(valueOf(list, `${P}captcha_solve_seconds_sum`, { level: '0', picture: 'plain' })).toBeCloseTo(4.2);
      expect(valueOf(list, `${P}captcha_work_seconds_sum`, { level: '0', picture: 'plain' })).toBeCloseTo(0.38);
    } finally {
      await app.close();
    }
  });
});

// People's cost per level and picture (issue 50): what the widget counts over one opening of the puzzle (the
// answer's number, the time from the opening's first puzzle shown), as a caller of the server meets it.
describe('the time to a pass and the tries it took', () => {
  it("count a person's opening: its first answer, and its pass by number and time from the first puzzle shown", async () => {
    const { app } = await buildTestApp(strictConfig({}, metricsOn()));
    try {
      const missed = {
        ...humanAnswer(await openPuzzle(app), RIGHT_OFFSET + 40),
        timing: { solveMs: 9000, workMs: 300, tries: 1, openMs: 9000 },
      };
      expect((await verify(app, missed)).json()).toMatchObject({ status: 'n' });
      const passed = { ...humanAnswer(await openPuzzle(app)), timing: { solveMs: 6400, workMs: 300, tries: 2, openMs: 17_000 } };
      expect((await verify(app, passed)).json()).toMatchObject({ status: 'y' });
      expect((await verify(app, humanAnswer(await openPuzzle(app)))).json()).toMatchObject({ status: 'y' }); // an old widget: no timing
      const list = parseExposition((await scrape(app)).text).samples;
      const plain = { level: '0', picture: 'plain' };
      // The time to the pass runs from the opening's first puzzle: 17 s, not the passing puzzle's 6.4 s.
      expect(valueOf(list, `${P}captcha_pass_seconds_count`, plain)).toBe(1);
      expect(valueOf(list, `${P}captcha_pass_seconds_sum`, plain)).toBeCloseTo(17);
      expect(valueOf(list, `${P}captcha_pass_seconds_bucket`, { ...plain, le: '15' })).toBe(0);
      expect(valueOf(list, `${P}captcha_pass_seconds_bucket`, { ...plain, le: '20' })).toBe(1);
      // The pass was the opening's second answer; its first answer failed.
      expect(valueOf(list, `${P}captcha_pass_tries_count`, plain)).toBe(1);
      expect(valueOf(list, `${P}captcha_pass_tries_bucket`, { ...plain, le: '1' })).toBe(0);
      expect(valueOf(list, `${P}captcha_pass_tries_bucket`, { ...plain, le: '2' })).toBe(1);
      expect(valueOf(list, `${P}captcha_opening_first_answers_total`, { ...plain, result: 'failed' })).toBe(1);
      expect(valueOf(list, `${P}captcha_opening_first_answers_total`, { ...plain, result: 'passed' })).toBe(0);
      // Every answer's own time stays where it was: the miss and the pass.
      expect(valueOf(list, `${P}captcha_solve_seconds_count`, plain)).toBe(2);
      // Nothing personal in any label: levels, pictures, results and buckets only.
      const names = ['captcha_pass_seconds', 'captcha_pass_tries', 'captcha_opening_first_answers_total'].map((name) => P + name);
      const labels = new Set(
        list.filter((sample) => names.some((name) => sample.name.startsWith(name))).flatMap((sample) => Object.keys(sample.labels)),
      );
      expect([...labels].sort()).toEqual(['le', 'level', 'picture', 'result']);
    } finally {
      await app.close();
    }
  });

  it("keep the holdout's guarded picture (level 0) apart from a raised level's; an older widget's pass is timed from its own puzzle", async () => {
    const { events, read } = setup();
    events.verified('passed', answer({ picture: 'guarded', solveSeconds: 4, tries: 1, openSeconds: 4 }));
    events.verified('passed', answer({ level: 2, picture: 'guarded', solveSeconds: 11 }));
    events.verified('wrong_offset', answer({ level: 2, picture: 'guarded', solveSeconds: 30, tries: 1, openSeconds: 30 }));
    const list = await read();
    expect(valueOf(list, `${P}captcha_pass_seconds_sum`, { level: '0', picture: 'guarded' })).toBe(4);
    expect(valueOf(list, `${P}captcha_pass_seconds_sum`, { level: '2', picture: 'guarded' })).toBe(11);
    expect(valueOf(list, `${P}captcha_opening_first_answers_total`, { level: '0', picture: 'guarded', result: 'passed' })).toBe(1);
    expect(valueOf(list, `${P}captcha_opening_first_answers_total`, { level: '2', picture: 'guarded', result: 'failed' })).toBe(1);
    expect(valueOf(list, `${P}captcha_pass_tries_count`, { level: '2', picture: 'guarded' })).toBe(0); // not reported: not counted
  });
});
