// What the attack bench makes of one scenario's records (attack-scenario.ts): per level and in sum, the
// bot's accounts, CPU, bytes and cost per account; how fast its /24s rose and fell back; what the crowd saw;
// and how often any /24 or address changed level. Levels are those the challenges carried (sealed into their
// work); a /24 refused with 429 is taken to stay at the level it last showed. The server's own metrics
// (attack-metrics.ts) say when some /24 changed level even while refused, and are shown beside.
import { firstNetworkAt, firstNetworkStepDown, refusalsByLevel } from './attack-metrics';
import { PRICES } from './attack-plan';
import type { ScenarioResult } from './attack-scenario';
import type { Attempt } from './attack-wire';

const HOUR = 3600;
const FLAP_WINDOW = 600;
const round = (value: number, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const byKey = <T>(items: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

/** Dollars of proxy traffic and CPU for `bytes` and `cpuSeconds`, at the stated prices. */
const dollars = (bytes: number, cpuSeconds: number) => (bytes / 1e9) * PRICES.proxyPerGb + (cpuSeconds / HOUR) * PRICES.vcpuPerHour;

/** Hours each level held, summed over the attack's /24s: from each challenge seen to the next (or the attack's end). */
function hoursAtLevel(attempts: Attempt[], from: number, to: number): Map<number, number> {
  const hours = new Map<number, number>();
  for (const seen of byKey(
    attempts.filter((attempt) => attempt.level !== null),
    (attempt) => attempt.net,
  ).values()) {
    seen.sort((a, b) => a.t - b.t);
    seen.forEach((attempt, i) => {
      const start = i === 0 ? from : attempt.t;
      const end = seen[i + 1]?.t ?? to;
      hours.set(attempt.level!, (hours.get(attempt.level!) ?? 0) + Math.max(0, end - start) / HOUR);
    });
  }
  return hours;
}

/** The bot's table, one row per level its challenges carried, and one for the challenges refused. */
export function levelRows({ scenario, attacker }: ScenarioResult): Record<string, string | number>[] {
  if (!scenario.attack || !attacker) return [];
  const bot = attacker.attempts.filter((attempt) => attempt.who === 'bot');
  const hours = hoursAtLevel(bot, scenario.attack.from, scenario.attack.to);
  const rows = [...byKey(bot, (attempt) => (attempt.level === null ? 'refused' : String(attempt.level))).entries()].sort();
  return rows.map(([level, attempts]) => {
    const passes = attempts.filter((attempt) => attempt.outcome === 'passed').length;
    const bytes = sum(attempts.map((attempt) => attempt.bytes));
    const cpu = sum(attempts.map((attempt) => attempt.workCpu + attempt.visionCpu));
    const atLevel = level === 'refused' ? Number.NaN : (hours.get(Number(level)) ?? 0);
    return {
      scenario: scenario.name,
      level:
        level === 'refused'
          ? `refused (${attempts[0]!.status})`
          : `${level} (${[...new Set(attempts.map((attempt) => attempt.picture))].join(', ')})`,
      attempts: attempts.length,
      passes,
      'pass rate': `${((100 * passes) / attempts.length).toFixed(1)}%`,
      'accounts/h per /24': atLevel > 0 ? round(passes / atLevel, 1) : '-',
      'work+vision CPU s/attempt': round(cpu / attempts.length, 3),
      'KB/attempt': round(bytes / attempts.length / 1024, 1),
      '$/account': passes > 0 ? round(dollars(bytes, cpu) / passes, 6) : '-',
    };
  });
}

/** The most level changes any one /24 or address went through within ten simulated minutes, and which. */
export function worstFlap(attempts: Attempt[]): { changes: number; entity: string } {
  const seen = attempts.filter((attempt) => attempt.level !== null);
  let worst = { changes: 0, entity: '-' };
  for (const [entity, series] of [...byKey(seen, (attempt) => attempt.net), ...byKey(seen, (attempt) => attempt.address)]) {
    series.sort((a, b) => a.t - b.t);
    const changes = series.filter((attempt, i) => i > 0 && attempt.level !== series[i - 1]!.level).map((attempt) => attempt.t);
    changes.forEach((at, i) => {
      const within = changes.slice(i).filter((later) => later - at < FLAP_WINDOW).length;
      if (within > worst.changes) worst = { changes: within, entity };
    });
  }
  return worst;
}

/** Visitors of the crowd (those arriving in [from, to)) and how many of them were shown a level above 1. */
export function crowdAbove1(crowd: Attempt[], from = -Infinity, to = Infinity): { visitors: number; above1: number } {
  const visitors = [...byKey(crowd, (attempt) => String(attempt.visitor)).values()].filter(
    (tries) => tries[0]!.t >= from && tries[0]!.t < to,
  );
  return { visitors: visitors.length, above1: visitors.filter((tries) => tries.some((attempt) => (attempt.level ?? 0) > 1)).length };
}

/** Minutes after the attack's end until each probed /24 showed a level below the highest it showed during the attack. */
function stepDowns(attempts: Attempt[], to: number): { minutes: number[]; risen: number } {
  const minutes: number[] = [];
  let risen = 0;
  for (const series of byKey(attempts, (attempt) => attempt.net).values()) {
    const probes = series.filter((attempt) => attempt.who === 'probe' && attempt.level !== null).sort((a, b) => a.t - b.t);
    if (!series.some((attempt) => attempt.who === 'probe')) continue;
    const peak = Math.max(
      0,
      ...series.filter((attempt) => attempt.who === 'bot' && attempt.level !== null).map((attempt) => attempt.level!),
    );
    if (peak === 0) continue;
    risen += 1;
    const lower = probes.find((probe) => probe.level! < peak);
    if (lower) minutes.push((lower.t - to) / 60);
  }
  return { minutes, risen };
}

/** One scenario's lines of the three summary tables (the attack, its cost, the crowd), and the figures the goals read. */
export function summarise(result: ScenarioResult) {
  const { scenario, attacker, crowd } = result;
  const crowdAll = crowdAbove1(crowd);
  const passedVisitors = new Set(crowd.filter((attempt) => attempt.outcome === 'passed').map((attempt) => attempt.visitor)).size;
  const crowdRow = {
    scenario: scenario.name,
    'clock speed (measured)': `${scenario.speed} (${round(result.measuredSpeed, 1)})`,
    visitors: crowdAll.visitors,
    'shown level > 1': `${crowdAll.above1} (${((100 * crowdAll.above1) / Math.max(1, crowdAll.visitors)).toFixed(1)}%)`,
    'highest level shown': Math.max(0, ...crowd.map((attempt) => attempt.level ?? 0)),
    passed: `${((100 * passedVisitors) / Math.max(1, crowdAll.visitors)).toFixed(1)}%`,
    'tries per visitor': round(crowd.length / Math.max(1, crowdAll.visitors), 2),
    'server CPU s': round(result.serverCpuSeconds, 1),
  };
  if (!scenario.attack || !attacker) return { crowdRow, attackRow: null, costRow: null, figures: null };
  const { from, to, nets, rate } = scenario.attack;
  const bot = attacker.attempts.filter((attempt) => attempt.who === 'bot');
  const passes = bot.filter((attempt) => attempt.outcome === 'passed');
  const bytes = sum(bot.map((attempt) => attempt.bytes));
  const firstAt = (found: Attempt | undefined) => (found ? found.t - from : null);
  const since = (t: number | null, origin: number) => (t === null ? null : t - origin);
  const samples = result.levelSamples;
  const metricsStepDown = since(firstNetworkStepDown(samples, to), to);
  const figures = {
    secondsToLevel2: firstAt([...attacker.attempts].sort((a, b) => a.t - b.t).find((attempt) => (attempt.level ?? 0) >= 2)),
    /** By the metrics: some network at 2 or more (it may be refused by its quota, so no challenge shows it). */
    metricsSecondsToLevel2: since(firstNetworkAt(samples, 2), from),
    /** By the metrics: minutes from the attack's end to the first network level change (a step down: nothing presses after it). */
    metricsStepDownMinutes: metricsStepDown === null ? null : metricsStepDown / 60,
    metricsRisen: firstNetworkAt(samples, 1) !== null,
    /** Minutes from the bot's last pass to the attack's end: a bot its quota holds presses no more, and calm starts early. */
    lastPassMinutesBeforeEnd: passes.length > 0 ? (to - Math.max(...passes.map((attempt) => attempt.t))) / 60 : null,
    netsAtLevel2: new Set(attacker.attempts.filter((attempt) => (attempt.level ?? 0) >= 2).map((attempt) => attempt.net)).size,
    secondsToFirst429: firstAt([...bot].sort((a, b) => a.t - b.t).find((attempt) => attempt.status === 429)),
    accountsFirstHourPer24: passes.filter((attempt) => attempt.t < from + HOUR).length / nets,
    accountsPerHourPer24: passes.length / nets / ((to - from) / HOUR),
    crowdDuringAttack: crowdAbove1(crowd, from, to),
    stepDown: stepDowns(attacker.attempts, to),
  };
  const when = (seconds: number | null) => (seconds === null ? 'never' : `${Math.round(seconds)} s`);
  const { minutes, risen } = figures.stepDown;
  const attackRow = {
    scenario: scenario.name,
    'attempts (planned)': `${bot.length} (${Math.round(((to - from) / 60) * rate)})`,
    '429 refused': bot.filter((attempt) => attempt.status === 429).length,
    passes: passes.length,
    'accounts/h per /24': round(figures.accountsPerHourPer24, 1),
    'per /24, 1st hour': round(figures.accountsFirstHourPer24, 1),
    'to level >= 2: challenges (/24s); metrics': `${when(figures.secondsToLevel2)} (${figures.netsAtLevel2}/${nets}); ${samples.length > 0 ? when(figures.metricsSecondsToLevel2) : '-'}`,
    'to first 429': when(figures.secondsToFirst429),
    '429s by level (metrics)': refusalsByLevel(samples) ?? '-',
    'step down after end: probes (/24s); metrics':
      `${minutes.length > 0 ? `${round(Math.min(...minutes), 1)}-${round(Math.max(...minutes), 1)} min (${minutes.length}/${risen})` : `not seen (${risen} risen)`}; ` +
      (figures.metricsStepDownMinutes === null ? '-' : `${round(figures.metricsStepDownMinutes, 1)} min`),
  };
  const workPerAttempt = sum(bot.map((attempt) => attempt.workCpu)) / Math.max(1, bot.length);
  const costRow = {
    scenario: scenario.name,
    'bot CPU s': round(attacker.cpuSeconds, 1),
    'CPU s/success': passes.length > 0 ? round(attacker.cpuSeconds / passes.length, 3) : '-',
    'KB/attempt': round(bytes / Math.max(1, bot.length) / 1024, 1),
    '$/account, bot': passes.length > 0 ? round(dollars(bytes, attacker.cpuSeconds) / passes.length, 6) : '-',
    // A farm's answer is taken to pass: the proxy and the work per attempt, plus the farm's price.
    '$/account, farm': round(dollars(bytes / Math.max(1, bot.length), workPerAttempt) + PRICES.farmPer1000 / 1000, 6),
  };
  return { crowdRow, attackRow, costRow, figures };
}
