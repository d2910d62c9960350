import { MAX_TRAIL_POINTS } from './constants';

/** One sample of a drag: the pointer in canvas units (from the track's top-left), ms since the press. */
export interface TrailPoint {
  x: number;
  y: number;
  t: number;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * Collects a drag's samples into one array without copying per move; past MAX_TRAIL_POINTS it keeps every
 * other sample, so a long drag keeps its shape and the request stays small.
 */
export function createTrailRecorder(now: () => number) {
  let points: TrailPoint[] = [];
  let start = 0;
  return {
    start(x: number, y: number) {
      start = now();
      points = [{ x: tenth(x), y: tenth(y), t: 0 }];
    },
    add(x: number, y: number) {
      if (points.length >= MAX_TRAIL_POINTS) points = points.filter((_, index) => index % 2 === 0);
      points.push({ x: tenth(x), y: tenth(y), t: Math.round(now() - start) });
    },
    /** The samples so far; the recorder starts over on the next press. */
    take(): TrailPoint[] {
      const taken = points;
      points = [];
      return taken;
    },
  };
}
