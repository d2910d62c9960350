import { MAX_TRAIL_POINTS } from './constants';

/** One sample of a drag: the pointer in canvas units (from the track's top-left), ms since the press. */
export interface TrailPoint {
  x: number;
  y: number;
  t: number;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * Collects a drag's samples, each with its event's time stamp (ms, any one clock for the whole drag), into
 * one preallocated array of numbers: a pointer move stores three numbers and allocates nothing; take() makes
 * the points. Past MAX_TRAIL_POINTS it keeps every other sample, so a long drag keeps its shape and the
 * request stays small.
 */
export function createTrailRecorder() {
  const raw = new Float64Array(MAX_TRAIL_POINTS * 3);
  let count = 0;
  let start = 0;
  const put = (x: number, y: number, at: number) => {
    if (count >= MAX_TRAIL_POINTS) {
      const kept = Math.ceil(count / 2);
      for (let i = 1; i < kept; i += 1) raw.copyWithin(i * 3, i * 6, i * 6 + 3);
      count = kept;
    }
    raw[count * 3] = x;
    raw[count * 3 + 1] = y;
    raw[count * 3 + 2] = at;
    count += 1;
  };
  return {
    start(x: number, y: number, at: number) {
      start = at;
      count = 0;
      put(x, y, at);
    },
    add: put,
    /** The samples so far; the recorder starts over on the next press. */
    take(): TrailPoint[] {
      const points: TrailPoint[] = [];
      for (let i = 0; i < count * 3; i += 3) points.push({ x: tenth(raw[i]!), y: tenth(raw[i + 1]!), t: Math.round(raw[i + 2]! - start) });
      count = 0;
      return points;
    },
  };
}

export type TrailRecorder = ReturnType<typeof createTrailRecorder>;
