// What the server's own metrics say of the levels during an attack-bench scenario, read beside what the
// challenges carry: a /24 refused by its quota gets no challenge, so its level can rise or fall unseen by the
// bot and the probes; the server counts every level change by entity and the level moved to, and every
// quota refusal by level. Sampled every few simulated seconds; a build without these metrics gives none.
import type { SimClock } from './attack-wire';

/** One reading: level changes by entity and the level moved to ("network:2"), quota refusals by level ("2"). */
export interface LevelSample {
  t: number;
  changes: Record<string, number>;
  refusals: Record<string, number>;
}

const SAMPLE_EVERY = 5;
// The kind of network (issue 34) is a label too: summed over it.
const CHANGE = /^game_register_captcha_level_changes_total\{entity="(\w+)",to="(\d)"(?:,kind="\w+")?\} (\d+)$/gm;
const REFUSAL = /^game_register_captcha_quota_refusals_total\{level="(\d)"(?:,kind="\w+")?\} (\d+)$/gm;

/** Reads the metrics every SAMPLE_EVERY simulated seconds until stopped; the readings that differ from the one before. */
export function sampleLevels(metricsUrl: string, clock: SimClock) {
  const samples: LevelSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = clock.now();
      const text = await fetch(metricsUrl).then(
        (response) => response.text(),
        () => '',
      );
      const changes: Record<string, number> = {};
      for (const [, entity, to, count] of text.matchAll(CHANGE))
        changes[`${entity}:${to}`] = (changes[`${entity}:${to}`] ?? 0) + Number(count);
      const refusals: Record<string, number> = {};
      for (const [, level, count] of text.matchAll(REFUSAL)) refusals[level!] = (refusals[level!] ?? 0) + Number(count);
      const last = samples.at(-1);
      const same = last && JSON.stringify([last.changes, last.refusals]) === JSON.stringify([changes, refusals]);
      if (Object.keys(changes).length > 0 && !same) samples.push({ t, changes, refusals });
      await clock.sleepUntil(t + SAMPLE_EVERY);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

const total = (counts: Record<string, number>, keep: (key: string) => boolean) =>
  Object.entries(counts).reduce((sum, [key, count]) => (keep(key) ? sum + count : sum), 0);

/** When (simulated s) some network first reached `level` or above, by the metrics; null when none did or no metrics. */
export function firstNetworkAt(samples: LevelSample[], level: number): number | null {
  return (
    samples.find((sample) => total(sample.changes, (key) => key.startsWith('network:') && Number(key.slice(8)) >= level) > 0)?.t ?? null
  );
}

/** When (simulated s) the first network level change after `after` was a step down, by the metrics; null when none. */
export function firstNetworkStepDown(samples: LevelSample[], after: number): number | null {
  const before = samples.filter((sample) => sample.t <= after).at(-1);
  const downs = (sample: LevelSample | undefined) => (sample ? total(sample.changes, (key) => key.startsWith('network:')) : 0);
  return samples.find((sample) => sample.t > after && downs(sample) > downs(before))?.t ?? null;
}

/** Level changes of every entity between `from` and the end (all of them when there is no reading before). */
export function changesSince(samples: LevelSample[], from: number): number {
  const before = samples.filter((sample) => sample.t < from).at(-1);
  const all = (sample: LevelSample | undefined) => (sample ? total(sample.changes, () => true) : 0);
  return all(samples.at(-1)) - all(before);
}

/** Quota refusals by level over the whole scenario, as "level: count" (null without metrics). */
export function refusalsByLevel(samples: LevelSample[]): string | null {
  const last = samples.at(-1);
  if (!last) return null;
  return (
    Object.entries(last.refusals)
      .filter(([, count]) => count > 0)
      .map(([level, count]) => `${level}: ${count}`)
      .join(', ') || 'none'
  );
}
