// The jump bot's trail: what a script sends when it does not bother to fake a hand.
import { type TrailLayout } from '@game-register/gateway/testing';
import { handleTravel } from '@game-register/gateway/internals';
import type { TrailPoint } from '@game-register/puzzle-captcha/core';

/** A script's jump: pressed, then released at the answer 16 ms later. */
export function jumpTrail(offsetX: number, layout: TrailLayout): TrailPoint[] {
  return [
    { x: 25, y: 80, t: 0 },
    { x: 25 + handleTravel(offsetX, layout), y: 80, t: 16 },
  ];
}
