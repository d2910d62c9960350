// The public slider solvers' methods (testing/attackers/public-solvers.ts) and the bench's own vision solver,
// each on the picture of every level, drawn and encoded as the server sends it (the gateway's drawChallenge,
// from fixed seeds: the same puzzles on every run). Each method's pass rate per level beside the guess floor,
// and its CPU seconds per success (decoding included). Part of bench:bots; BOTS_PUBLIC_PUZZLES (60 per level),
// BOTS_PUBLIC_RATIO (1: the cheapest pictures to fetch and read).
import { PASS_TOLERANCE } from '@game-register/puzzle-captcha/protocol';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { handleMax } from '@game-register/puzzle-captcha/core';
import { CHALLENGE_LAYOUT as layout, drawChallenge, imageMimeType } from '@game-register/gateway/internals';
import { LEVEL_POLICY } from '@game-register/gateway/policy';
import { locateGap, PUBLIC_METHOD_LABELS, PUBLIC_METHODS, solvePublic, type PublicMethod } from '../../testing/attackers';

type Method = PublicMethod | 'vision';
const METHODS: readonly Method[] = [...PUBLIC_METHODS, 'vision'];
const LABELS: Record<Method, string> = { ...PUBLIC_METHOD_LABELS, vision: "the bench's vision bot (informed)" };
/** A guess anywhere on the track passes this often: the tolerance either side over the handle's travel. */
export const GUESS_FLOOR = (2 * PASS_TOLERANCE) / handleMax(layout);
/** Issue 50's goal on the guarded picture: (a)-(c) each at most 20% (issue 44's was twice the guess floor, 15%); (d) reported, no goal. */
export const PUBLIC_GOALS = { edgeGreyDarkMax: 0.2 };

export interface PublicTally {
  method: Method;
  level: number;
  picture: 'plain' | 'guarded';
  puzzles: number;
  passes: number;
  cpuSeconds: number;
}

const dataUrl = (image: Buffer) => `data:${imageMimeType(image)};base64,${image.toString('base64')}`;

/** Every method on `puzzles` pictures of each level. */
export async function measurePublicMethods({
  puzzles,
  pixelRatio,
  methods = METHODS,
  levels = [0, 1, 2, 3],
}: {
  puzzles: number;
  pixelRatio: number;
  methods?: readonly Method[];
  levels?: readonly (0 | 1 | 2 | 3)[];
}) {
  const tallies: PublicTally[] = [];
  for (const level of levels) {
    const picture = LEVEL_POLICY[level].picture;
    const byMethod = new Map(methods.map((method) => [method, { method, level, picture, puzzles, passes: 0, cpuSeconds: 0 }]));
    for (let i = 0; i < puzzles; i += 1) {
      const drawn = await drawChallenge(seededRandom(100_003 * (level + 1) + 7919 * i), pixelRatio, layout, picture);
      const challenge = {
        background: dataUrl(drawn.background),
        piece: dataUrl(drawn.piece),
        width: layout.width,
        height: layout.height,
        pieceSize: layout.pieceSize,
      };
      for (const method of methods) {
        const seen = method === 'vision' ? await locateGap(challenge) : await solvePublic(method, challenge);
        const tally = byMethod.get(method)!;
        tally.cpuSeconds += seen.cpuSeconds;
        if (Math.abs(drawn.plan.gapX - 3 - seen.offsetX) < PASS_TOLERANCE) tally.passes += 1;
      }
    }
    tallies.push(...byMethod.values());
  }
  return tallies;
}

const rate = (tally: PublicTally) => tally.passes / Math.max(1, tally.puzzles);

/** The table's rows: one per method, its pass rate and CPU s per success at each level. */
export function publicRows(tallies: PublicTally[]) {
  const methods = [...new Set(tallies.map((tally) => tally.method))];
  return methods.map((method) => {
    const row: Record<string, string> = { method: LABELS[method] };
    for (const tally of tallies.filter((t) => t.method === method)) {
      const perSuccess = tally.passes > 0 ? (tally.cpuSeconds / tally.passes).toFixed(3) : `> ${tally.cpuSeconds.toFixed(2)}`;
      row[`level ${tally.level} (${tally.picture})`] = `${(100 * rate(tally)).toFixed(0)}%, ${perSuccess} CPU s`;
    }
    return row;
  });
}

/** Issue 50's goals against the guarded levels' tallies, as labelled checks; continuity as a figure. */
export function publicChecks(tallies: PublicTally[]): [string, boolean][] {
  const guarded = (method: Method) => tallies.filter((t) => t.method === method && t.picture === 'guarded');
  const pooled = (method: Method) =>
    guarded(method).reduce((sum, t) => sum + t.passes, 0) /
    Math.max(
      1,
      guarded(method).reduce((sum, t) => sum + t.puzzles, 0),
    );
  const present = (method: Method) => guarded(method).length > 0;
  const max = PUBLIC_GOALS.edgeGreyDarkMax;
  return [
    ...(['canny', 'sobel', 'grey', 'dark'] as const)
      .filter(present)
      .map((method): [string, boolean] => [
        `${LABELS[method]} on the guarded picture at most ${(100 * max).toFixed(0)}%: ${(100 * pooled(method)).toFixed(0)}%`,
        pooled(method) <= max,
      ]),
    ...(present('continuity')
      ? [[`${LABELS.continuity} on the guarded picture (no goal): ${(100 * pooled('continuity')).toFixed(0)}%`, true] as [string, boolean]]
      : []),
  ];
}
