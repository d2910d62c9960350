// The server's Prometheus metrics: what they are (the routes and the gateway report to them through
// contract.ts, whose no-op twin stands in when metrics are off). Every label has a bounded set of values: route patterns, fixed
// verdicts, outcomes and reasons (answers.ts), never a value a client sent; a channel is a listed one or `other`.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processMetrics } from './process-metrics';
import { RequestHistogram } from './request-histogram';
import { listedChannels } from '../channels/rules';
import { OTHER_CHANNEL_LABEL, type ChannelSettingsGetter } from '../channels/site-channels';
import { checkVerdict, regOutcome } from './answers';
import { createDifficultyMetrics, OPENING_UNKNOWN, openingStarts } from './difficulty';
import type { Metrics } from './contract';

export const METRIC_PREFIX = 'game_register_';

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface PrometheusMetrics extends Metrics {
  registry: Registry;
}

const REG_OUTCOMES_AT_ZERO = [
  'registered',
  'gate_refused',
  'gate_unavailable',
  'backend_error',
  'timeout',
  'rate_limited',
  'bad_request',
  'client_left',
] as const;

/**
 * The real metrics on their own registry, with the process's own (event-loop lag, heap; process-metrics.ts).
 * `channels` names the funnel's channel labels that start at 0 (read at every scrape: the list may change).
 */
export function createMetrics(channels: ChannelSettingsGetter): PrometheusMetrics {
  const registry = new Registry();
  processMetrics(registry);
  const name = (suffix: string) => METRIC_PREFIX + suffix;

  const duration = new RequestHistogram(
    name('http_request_duration_seconds'),
    'Time to answer a request, by route pattern, method and status code.',
    DURATION_BUCKETS,
  );
  registry.registerMetric(duration as unknown as Parameters<Registry['registerMetric']>[0]);
  const views = new Counter({
    name: name('register_page_views_total'),
    help:
      'GET /register (and /) answered with the page by this server, by the channel its link named (none: the default; ' +
      'unlisted: other).',
    labelNames: ['channel'] as const,
    registers: [registry],
    // First in the registry: a channel listed since the last scrape gets all its funnel series at 0 in this one.
    collect() {
      for (const channel of [...listedChannels(channels()), OTHER_CHANNEL_LABEL]) startChannel(channel);
    },
  });
  const checks = new Counter({
    name: name('check_answers_total'),
    help:
      'checkuser and checktel answers by verdict: y, n, or error (no verdict: network, timeout, garbage, limits); ' +
      'client_left: the client left before its request was read whole (not forwarded).',
    labelNames: ['call', 'verdict', 'channel'] as const,
    registers: [registry],
  });
  const registrations = new Counter({
    name: name('reg_outcomes_total'),
    help:
      'reg answers by outcome (registered, refused, gate_refused, gate_unavailable, backend_error, timeout, ' +
      'rate_limited, bad_request; client_left: the client left before its request was read whole, not forwarded), refusal ' +
      'reason and channel.',
    labelNames: ['outcome', 'reason', 'channel'] as const,
    registers: [registry],
  });
  const puzzles = new Counter({
    name: name('puzzle_steps_total'),
    help: 'Puzzles shown and passed (step), by channel, as the app reports them (POST /api/funnel), in every mode.',
    labelNames: ['step', 'channel'] as const,
    registers: [registry],
  });
  // Give-ups per level and picture (issue 50): the same beacons by the level and picture of the opening's first
  // puzzle (difficulty.ts's openingLabels), without the channel, so the series stay few.
  const openings = new Counter({
    name: name('puzzle_opening_steps_total'),
    help:
      'Openings of the puzzle shown and passed (step), as the app reports them (POST /api/funnel), by the level and ' +
      "picture of the opening's first puzzle (strict mode: 0-3 and plain or guarded, level 0 guarded the holdout; the " +
      'default mode: none, browser; unknown: no level known).',
    labelNames: ['step', 'level', 'picture'] as const,
    registers: [registry],
  });
  for (const [level, picture] of openingStarts())
    for (const step of ['shown', 'passed'] as const) openings.labels(step, level, picture).inc(0);
  const seenChannels = new Set<string>();
  const startChannel = (channel: string) => {
    if (seenChannels.has(channel)) return;
    seenChannels.add(channel);
    for (const call of ['checkuser', 'checktel'] as const)
      for (const verdict of ['y', 'n', 'error'] as const) checks.labels(call, verdict, channel).inc(0);
    for (const outcome of REG_OUTCOMES_AT_ZERO) registrations.labels(outcome, 'none', channel).inc(0);
    for (const step of ['shown', 'passed'] as const) puzzles.labels(step, channel).inc(0);
    views.labels(channel).inc(0);
  };
  const rateLimited = new Counter({
    name: name('rate_limited_total'),
    help: 'Requests refused by the rate limits (per address; strict-mode challenges also per network), by route.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const difficulty = createDifficultyMetrics(registry, name);
  const verifies = new Counter({
    name: name('captcha_verifies_total'),
    help:
      'Strict mode: verify answers by result (passed, failed) and reason (passed, wrong_offset, trail_refused, ' +
      'work_refused, expired_or_unknown, locked).',
    labelNames: ['result', 'reason'] as const,
    registers: [registry],
  });
  const tokens = new Counter({
    name: name('captcha_tokens_total'),
    help: 'Strict mode: pass tokens at the reg gate, spent or refused (missing, invalid, expired, spent, unavailable).',
    labelNames: ['result', 'reason'] as const,
    registers: [registry],
  });
  const drawTime = new Histogram({
    name: name('captcha_draw_seconds'),
    help: 'Strict mode: time to draw and encode one challenge.',
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  let drawQueue: () => number = () => 0;
  new Gauge({
    name: name('captcha_draw_queue_length'),
    help: 'Strict mode: challenges waiting to be drawn.',
    registers: [registry],
    collect() {
      this.set(drawQueue());
    },
  });
  let stockLevels: () => ReadonlyMap<number, number> = () => new Map();
  new Gauge({
    name: name('captcha_stock_level'),
    help: 'Strict mode: puzzles drawn ahead and ready to hand out, by pixel ratio (CAPTCHA_STOCK each).',
    labelNames: ['pixel_ratio'] as const,
    registers: [registry],
    collect() {
      for (const [ratio, level] of stockLevels()) this.labels(String(ratio)).set(level);
    },
  });
  const stockMisses = new Counter({
    name: name('captcha_stock_misses_total'),
    help: 'Strict mode: challenges drawn on demand because the stock had none ready at their pixel ratio.',
    labelNames: ['pixel_ratio'] as const,
    registers: [registry],
  });

  // Series start at 0, so rates and ratios (the alert rules) hold from the first scrape, not the first event.
  for (const channel of [...listedChannels(channels()), OTHER_CHANNEL_LABEL]) startChannel(channel);
  for (const reason of ['passed', 'wrong_offset', 'trail_refused', 'work_refused', 'expired_or_unknown', 'locked'] as const)
    verifies.labels(reason === 'passed' ? 'passed' : 'failed', reason).inc(0);

  return {
    registry,
    request(route, method, status, seconds) {
      duration.observe(route, method, status, seconds);
    },
    funnelAnswer(call, status, body, channel, gate = null) {
      startChannel(channel);
      if (call === 'reg') {
        const { outcome, reason } = regOutcome(status, body, gate);
        registrations.labels(outcome, reason, channel).inc();
        return;
      }
      checks.labels(call, checkVerdict(status, body), channel).inc();
    },
    funnelClientLeft(call, channel) {
      startChannel(channel);
      if (call === 'reg') registrations.labels('client_left', 'none', channel).inc();
      else checks.labels(call, 'client_left', channel).inc();
    },
    registerPageView(channel) {
      startChannel(channel);
      views.labels(channel).inc();
    },
    puzzleStep(step, channel, opening = OPENING_UNKNOWN) {
      startChannel(channel);
      puzzles.labels(step, channel).inc();
      openings.labels(step, ...opening).inc();
    },
    rateLimited(route) {
      rateLimited.labels(route).inc();
    },
    challengeIssued(facts) {
      difficulty.challengeIssued(facts);
    },
    verified(reason, facts) {
      verifies.labels(reason === 'passed' ? 'passed' : 'failed', reason).inc();
      if (facts) difficulty.answered(reason === 'passed', facts);
    },
    levelChanged(entity, _from, to, kind) {
      difficulty.levelChanged(entity, to, kind);
    },
    quotaRefused(level, kind) {
      difficulty.quotaRefused(level, kind);
    },
    tokenSpent() {
      tokens.labels('spent', 'none').inc();
    },
    tokenRefused(reason) {
      tokens.labels('refused', reason).inc();
    },
    drawFinished(seconds) {
      drawTime.observe(seconds);
    },
    levels(levels) {
      drawQueue = () => levels.drawQueue();
      stockLevels = () => levels.stock();
      for (const ratio of stockLevels().keys()) stockMisses.labels(String(ratio)).inc(0);
    },
    stockMissed(pixelRatio) {
      stockMisses.labels(String(pixelRatio)).inc();
    },
  };
}
