// The goals of issue 29 the attack bench reports (bench/attack/attack.ts), each with what was measured and PASS or
// MISS. A goal whose scenario was not run, or whose event never happened, is a MISS that says so.
import { changesSince } from './attack-metrics';
import { crowdAbove1, worstFlap, type summarise } from './attack-measures';
import type { ScenarioResult } from './attack-scenario';

export const GOALS = {
  secondsToLevel2: 60,
  accountsPerHourOne24: 5,
  crowdAbove1Share: 0.05,
  maxChangesIn10Minutes: 2,
  stepDownMinutes: [15, 30] as const,
};

export interface Goal {
  goal: string;
  measured: string;
  met: boolean;
}

type Summary = ReturnType<typeof summarise>;

export function goals(results: ScenarioResult[], summaries: Summary[]): Goal[] {
  const withFigures = results.map((result, i) => ({ result, figures: summaries[i]!.figures })).filter((entry) => entry.figures !== null);
  const long = withFigures.filter(({ result }) => result.scenario.burst === null);
  const checks: Goal[] = [];

  const one24 = long.filter(({ result }) => result.scenario.attack!.nets === 1);
  // Seen in a challenge, or counted by the server's metrics while its quota refused the /24 any challenge.
  const toLevel2 = (figures: NonNullable<Summary['figures']>) => {
    const seen = [figures.secondsToLevel2, figures.metricsSecondsToLevel2].filter((seconds): seconds is number => seconds !== null);
    return seen.length > 0 ? Math.min(...seen) : null;
  };
  checks.push({
    goal: `an attack from one /24 is at level 2 or more within ${GOALS.secondsToLevel2} s and held to at most ${GOALS.accountsPerHourOne24} accounts an hour`,
    measured:
      one24
        .map(
          ({ result, figures }) =>
            `${result.scenario.attack!.bot}: ${toLevel2(figures!) === null ? 'never at level 2' : `level 2 after ${Math.round(toLevel2(figures!)!)} s`}, ${figures!.accountsFirstHourPer24} accounts in its first hour`,
        )
        .join('; ') || 'not run',
    met:
      one24.length > 0 &&
      one24.every(
        ({ figures }) =>
          (toLevel2(figures!) ?? Infinity) <= GOALS.secondsToLevel2 && figures!.accountsFirstHourPer24 <= GOALS.accountsPerHourOne24,
      ),
  });

  const ten24 = withFigures.filter(({ result }) => result.scenario.attack!.nets === 10).map(({ figures }) => figures!.crowdDuringAttack);
  const crowd = {
    visitors: ten24.reduce((total, seen) => total + seen.visitors, 0),
    above1: ten24.reduce((total, seen) => total + seen.above1, 0),
  };
  const share = crowd.above1 / Math.max(1, crowd.visitors);
  checks.push({
    goal: `during an attack from 10 /24s, at most ${GOALS.crowdAbove1Share * 100}% of the crowd from other networks sees more than level 1`,
    measured:
      ten24.length > 0 ? `${crowd.above1} of ${crowd.visitors} visitors (${(share * 100).toFixed(1)}%) in ${ten24.length} runs` : 'not run',
    met: ten24.length > 0 && crowd.visitors > 0 && share <= GOALS.crowdAbove1Share,
  });

  const bursts = results.filter((result) => result.scenario.burst !== null && result.scenario.attack === null);
  const levelsAfter = bursts.flatMap((result) =>
    result.crowd.filter((attempt) => attempt.t >= result.scenario.burst!.at && attempt.level !== null).map((attempt) => attempt.level!),
  );
  const burstVisitors = bursts.map((result) => crowdAbove1(result.crowd.filter((attempt) => attempt.burst)).visitors);
  const changed = bursts
    .filter((result) => result.levelSamples.length > 0)
    .map((result) => changesSince(result.levelSamples, result.scenario.burst!.at));
  const burst = bursts[0]?.scenario.burst;
  checks.push({
    goal: `an ad burst of ${burst?.visitors ?? 400} visitors from as many /24s within ${burst?.within ?? 5} s raises no level`,
    measured:
      bursts.length > 0
        ? `highest level shown from the burst to the end: ${Math.max(0, ...levelsAfter)} (${levelsAfter.length} challenges, ${burstVisitors.join(', ')} burst visitors); ` +
          `level changes of any address, network or the site meanwhile, by the metrics: ${changed.length > 0 ? changed.join(', ') : '-'}`
        : 'not run',
    met: bursts.length > 0 && levelsAfter.length > 0 && Math.max(0, ...levelsAfter) === 0 && changed.every((count) => count === 0),
  });

  const flaps = results.map((result) => ({
    name: result.scenario.name,
    ...worstFlap([...result.crowd, ...(result.attacker?.attempts ?? [])]),
  }));
  const worst = flaps.reduce((most, flap) => (flap.changes > most.changes ? flap : most), { name: '-', changes: 0, entity: '-' });
  checks.push({
    goal: `no /24 or address changes level more than ${GOALS.maxChangesIn10Minutes} times in 10 minutes`,
    measured: `at most ${worst.changes} change(s) in 10 minutes${worst.changes > 0 ? ` (${worst.entity} in "${worst.name}")` : ''}`,
    met: results.length > 0 && worst.changes <= GOALS.maxChangesIn10Minutes,
  });

  // The first step down, by the server's metrics where there are some (a /24 still refused by its quota shows
  // no level to a probe), else the first lower level a probe saw.
  const [earliest, latest] = GOALS.stepDownMinutes;
  const risen = long.filter(({ figures }) => figures!.stepDown.risen > 0 || figures!.metricsRisen);
  const firstStep = ({ result, figures }: (typeof risen)[number]) =>
    result.levelSamples.length > 0
      ? figures!.metricsStepDownMinutes
      : figures!.stepDown.minutes.length > 0
        ? Math.min(...figures!.stepDown.minutes)
        : null;
  checks.push({
    goal: `levels step down ${earliest}-${latest} minutes after the attack ends`,
    measured:
      risen
        .map((entry) => {
          const step = firstStep(entry);
          const lastPass = entry.figures!.lastPassMinutesBeforeEnd;
          const sinceLastPass = step === null || lastPass === null ? '' : ` (${(step + lastPass).toFixed(1)} min after its last pass)`;
          return `${entry.result.scenario.name}: ${step === null ? 'no step down seen' : `first step down ${step.toFixed(1)} min after the attack's end${sinceLastPass}`}`;
        })
        .join('; ') || 'not observed: no attacked /24 rose',
    met:
      risen.length > 0 && risen.every((entry) => firstStep(entry) !== null && firstStep(entry)! >= earliest && firstStep(entry)! <= latest),
  });
  return checks;
}
