// Strict mode's difficulty levels and what they cost people: challenges and answers by level and picture, the
// time people report taking (the widget's timing, never judged), level changes and quota refusals. Abandoned
// challenges are not counted here: they are challenges without an answer (monitoring/recording-rules.yml).
import { Counter, Histogram, type Registry } from 'prom-client';
import type { AnswerFacts, ChallengeFacts, Level, LevelEntity, PictureKind } from '@game-register/gateway';
import { LEVEL_POLICY, NETWORK_KINDS, type NetworkKind } from '@game-register/gateway/policy';

/** A challenge's picture as a label: the path without one (无障碍验证) is `none`. */
type PictureLabel = PictureKind | 'none';

const LEVELS = Object.keys(LEVEL_POLICY);
const ENTITIES: readonly LevelEntity[] = ['address', 'network', 'site', 'carriers'];

/** Seconds from the puzzle shown to the release: a glance is about 1 s, a struggle a minute. */
const SOLVE_BUCKETS = [0.5, 1, 1.5, 2, 3, 4, 5, 7.5, 10, 15, 20, 30, 45, 60];
/** Seconds the proof of work ran on the visitor's device: a fraction of a second at level 0 on a phone. */
const WORK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30];
/** The answer that passed, numbered in its opening: first, second, third... */
const TRIES_BUCKETS = [1, 2, 3, 4, 5, 10];
/** A reported time is counted within [0, 10 min]: a challenge lives 2 minutes, anything longer is a page left open. */
const LONGEST_SECONDS = 600;

/**
 * The (level, picture) pairs a challenge can be issued as: each level's own picture, the holdout's guarded
 * picture at level 0, and the path without a picture at every level. Their series start at 0.
 */
export function levelPictures(): [string, PictureLabel][] {
  const pairs = new Map<string, [string, PictureLabel]>();
  const add = (level: string, picture: PictureLabel) => pairs.set(`${level}/${picture}`, [level, picture]);
  for (const level of LEVELS) add(level, LEVEL_POLICY[Number(level) as Level].picture);
  add('0', 'guarded');
  for (const level of LEVELS) add(level, 'none');
  return [...pairs.values()];
}

/**
 * An opening of the puzzle as the app's funnel beacons name it (POST /api/funnel's `lv` and `pic`): the level and
 * picture of the opening's first puzzle in strict mode, `none`/`browser` in the default mode (the browser judges
 * its own puzzle: no level), and `unknown`/`unknown` for anything else (no level: the first fetch failed or was
 * refused; an older app; a value no challenge carries). Never a value a client sent that is not listed here.
 */
export const OPENING_UNKNOWN: readonly [string, string] = ['unknown', 'unknown'];
const OPENING_BROWSER: readonly [string, string] = ['none', 'browser'];
const OPENING_STARTS: ReadonlyMap<string, readonly [string, string]> = new Map(
  [...levelPictures().filter(([, picture]) => picture !== 'none'), OPENING_BROWSER, OPENING_UNKNOWN].map(
    (pair) => [`${pair[0]}/${pair[1]}`, pair] as const,
  ),
);

/** The beacon's `lv` and `pic` as labels: a listed pair, else `unknown`. */
export function openingLabels(lv: string | undefined, pic: string | undefined): readonly [string, string] {
  if (pic === 'browser' && lv === undefined) return OPENING_BROWSER;
  return OPENING_STARTS.get(`${lv}/${pic}`) ?? OPENING_UNKNOWN;
}

/** Every (level, picture) an opening can be labelled with, for series that start at 0. */
export const openingStarts = (): (readonly [string, string])[] => [...OPENING_STARTS.values()];

export interface DifficultyMetrics {
  challengeIssued(facts: ChallengeFacts): void;
  /** An answer to a known challenge, judged. */
  answered(passed: boolean, facts: AnswerFacts): void;
  /** `kind`: the kind of the entity's network (null: the site, labelled `site`). */
  levelChanged(entity: LevelEntity, to: Level, kind: NetworkKind | null): void;
  quotaRefused(level: Level, kind: NetworkKind): void;
}

/** A reported time as counted: within [0, LONGEST_SECONDS]; null (not reported) or not a number is not counted. */
const countable = (seconds: number | null): number | null =>
  seconds === null || !Number.isFinite(seconds) ? null : Math.min(LONGEST_SECONDS, Math.max(0, seconds));

/** The difficulty metrics on `registry`, named by `name` (the server's prefix). */
export function createDifficultyMetrics(registry: Registry, name: (suffix: string) => string): DifficultyMetrics {
  const challenges = new Counter({
    name: name('captcha_challenges_total'),
    help:
      'Strict mode: challenges handed out (both paths), by the level (0-3) the caller had and the picture (plain, ' +
      'guarded, or none: the path without one).',
    labelNames: ['level', 'picture'] as const,
    registers: [registry],
  });
  const doubled = new Counter({
    name: name('captcha_work_doublings_total'),
    help:
      'Strict mode: challenges handed out by how many times their work was doubled for recent failures of the address ' +
      'and its network (0: a clean record).',
    labelNames: ['doublings'] as const,
    registers: [registry],
  });
  const answers = new Counter({
    name: name('captcha_answers_total'),
    help:
      'Strict mode: answers to known challenges by level, picture, result (passed, failed) and attempt (first: the ' +
      'address had no recent failure; retry).',
    labelNames: ['level', 'picture', 'result', 'attempt'] as const,
    registers: [registry],
  });
  const solveTime = new Histogram({
    name: name('captcha_solve_seconds'),
    help:
      'Strict mode: time from the puzzle (or the accessible task) shown to the answer, as the widget reported it, by ' +
      'level and picture.',
    labelNames: ['level', 'picture'] as const,
    buckets: SOLVE_BUCKETS,
    registers: [registry],
  });
  const workTime = new Histogram({
    name: name('captcha_work_seconds'),
    help: "Strict mode: how long the proof of work ran on the visitor's device, as the widget reported it, by level and picture.",
    labelNames: ['level', 'picture'] as const,
    buckets: WORK_BUCKETS,
    registers: [registry],
  });
  // People's cost per level and picture (issue 50), from what the widget counts over one opening of the puzzle:
  // the time to a pass from the opening's first puzzle shown, the pass's number among the opening's answers, and
  // the openings' first answers (a person's first try, as the widget numbers it).
  const passTime = new Histogram({
    name: name('captcha_pass_seconds'),
    help:
      "Strict mode: time to a pass, as the widget reported it: from the first puzzle of the widget's opening shown (an " +
      "older widget: from the puzzle that passed), by the pass's level and picture (level 0 guarded: the holdout).",
    labelNames: ['level', 'picture'] as const,
    buckets: SOLVE_BUCKETS,
    registers: [registry],
  });
  const passTries = new Histogram({
    name: name('captcha_pass_tries'),
    help:
      "Strict mode: the pass's number among the answers of its opening of the widget (1: passed at the first answer), as " +
      'the widget reported it, by level and picture.',
    labelNames: ['level', 'picture'] as const,
    buckets: TRIES_BUCKETS,
    registers: [registry],
  });
  const firstAnswers = new Counter({
    name: name('captcha_opening_first_answers_total'),
    help:
      'Strict mode: the first answer of each opening of the widget (as the widget numbered it), by level, picture and ' +
      "result (passed, failed): a person's first try.",
    labelNames: ['level', 'picture', 'result'] as const,
    registers: [registry],
  });
  const levelChanges = new Counter({
    name: name('captcha_level_changes_total'),
    help:
      "Strict mode: difficulty level changes of an address, a network, the site or the carriers' floor (entity), by the " +
      "level moved to and the kind of the entity's network (carrier, hosting, unknown; site for the site; carrier for the " +
      "carriers' floor).",
    labelNames: ['entity', 'to', 'kind'] as const,
    registers: [registry],
  });
  const quotaRefusals = new Counter({
    name: name('captcha_quota_refusals_total'),
    help:
      'Strict mode: right answers refused a pass token (429) because the network that fetched the puzzle had used its ' +
      "pass allowance, by level and the network's kind.",
    labelNames: ['level', 'kind'] as const,
    registers: [registry],
  });

  // Series start at 0, so the recording rules' ratios (answers over challenges) hold from the first scrape.
  for (const [level, picture] of levelPictures()) {
    challenges.labels(level, picture).inc(0);
    for (const result of ['passed', 'failed'])
      for (const attempt of ['first', 'retry']) answers.labels(level, picture, result, attempt).inc(0);
    for (const result of ['passed', 'failed']) firstAnswers.labels(level, picture, result).inc(0);
  }
  doubled.labels('0').inc(0); // the others appear with their first challenge
  for (const entity of ENTITIES)
    for (const level of LEVELS)
      for (const kind of entity === 'site' ? ['site'] : entity === 'carriers' ? ['carrier'] : NETWORK_KINDS)
        levelChanges.labels(entity, level, kind).inc(0);
  for (const level of LEVELS) for (const kind of NETWORK_KINDS) quotaRefusals.labels(level, kind).inc(0);

  return {
    challengeIssued({ level, picture, doublings }) {
      challenges.labels(String(level), picture).inc();
      doubled.labels(String(doublings)).inc();
    },
    answered(passed, { level, picture, firstTry, solveSeconds, workSeconds, tries = null, openSeconds = null }) {
      const labels = [String(level), picture] as const;
      answers.labels(...labels, passed ? 'passed' : 'failed', firstTry ? 'first' : 'retry').inc();
      const solve = countable(solveSeconds);
      if (solve !== null) solveTime.labels(...labels).observe(solve);
      if (tries === 1) firstAnswers.labels(...labels, passed ? 'passed' : 'failed').inc();
      if (passed) {
        const toPass = countable(openSeconds ?? solveSeconds);
        if (toPass !== null) passTime.labels(...labels).observe(toPass);
        if (tries !== null) passTries.labels(...labels).observe(tries);
      }
      const work = countable(workSeconds);
      if (work !== null) workTime.labels(...labels).observe(work);
    },
    levelChanged(entity, to, kind) {
      levelChanges.labels(entity, String(to), kind ?? 'site').inc();
    },
    quotaRefused(level, kind) {
      quotaRefusals.labels(String(level), kind).inc();
    },
  };
}
