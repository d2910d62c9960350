import type { TrailPoint } from '@game-register/puzzle-captcha/core';
import { MIN_DRAG_TRAIL, VERIFY_TRAIL_LIMIT } from '@game-register/puzzle-captcha/protocol';

export type { TrailPoint };

/**
 * Lenient plausibility rules after tianai-captcha's track validator, loosened so that a quick mouse flick,
 * a finger, and a scripted 15-step drag all pass, while a jump straight to the answer does not.
 */
export const TRAIL_RULES = {
  minPoints: MIN_DRAG_TRAIL,
  maxPoints: VERIFY_TRAIL_LIMIT, // the widget sends at most 300
  minDurationMs: 50,
  maxDurationMs: 60_000,
  /** The largest move between two samples, in canvas units (a fast flick at 60 Hz is about 40). */
  maxStep: 80,
  /** How far the pointer's travel may fall short of the handle's. */
  travelSlack: 12,
  /** The last 30% of the way may be at most this much faster than the first 70%. */
  maxEndSpeedup: 1.5,
} as const;

export type TrailProblem = 'count' | 'time' | 'duration' | 'still-y' | 'jump' | 'travel' | 'no-slowdown';

/** The first rule a trail breaks, or null. `handleTravel` is the handle's distance implied by the answer. */
export function trailProblem(trail: readonly TrailPoint[], handleTravel: number): TrailProblem | null {
  const rules = TRAIL_RULES;
  if (trail.length < rules.minPoints || trail.length > rules.maxPoints) return 'count';
  const first = trail[0]!;
  const last = trail[trail.length - 1]!;
  for (let i = 1; i < trail.length; i += 1) {
    const step = trail[i]!;
    const before = trail[i - 1]!;
    if (step.t < before.t) return 'time';
    if (Math.abs(step.x - before.x) > rules.maxStep) return 'jump';
  }
  const duration = last.t - first.t;
  if (duration < rules.minDurationMs || duration > rules.maxDurationMs) return 'duration';
  if (trail.every((point) => point.y === first.y)) return 'still-y';
  if (last.x - first.x < handleTravel - rules.travelSlack) return 'travel';
  const split = Math.floor(trail.length * 0.7);
  const head = speed(trail[0]!, trail[split]!);
  const tail = speed(trail[split]!, last);
  if (head > 0 && tail > head * rules.maxEndSpeedup) return 'no-slowdown';
  return null;
}

function speed(from: TrailPoint, to: TrailPoint): number {
  const distance = Math.abs(to.x - from.x);
  return distance / Math.max(to.t - from.t, 1);
}
