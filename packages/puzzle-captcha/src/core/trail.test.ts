import { MAX_TRAIL_POINTS } from './constants';
import { createTrailRecorder } from './trail';

describe('createTrailRecorder', () => {
  it('records points in canvas units, to a tenth, with ms since the press', () => {
    let now = 1000;
    const trail = createTrailRecorder(() => now);
    trail.start(25.04, 80.26);
    now = 1016.4;
    trail.add(31.55, 80.5);
    expect(trail.take()).toEqual([
      { x: 25, y: 80.3, t: 0 },
      { x: 31.6, y: 80.5, t: 16 },
    ]);
    expect(trail.take()).toEqual([]);
  });

  it('keeps every other point past the cap, from start to end', () => {
    let now = 0;
    const trail = createTrailRecorder(() => now);
    trail.start(0, 0);
    for (let i = 1; i < MAX_TRAIL_POINTS * 3; i += 1) {
      now = i;
      trail.add(i, 0);
    }
    const points = trail.take();
    expect(points.length).toBeLessThanOrEqual(MAX_TRAIL_POINTS);
    expect(points[0]).toEqual({ x: 0, y: 0, t: 0 });
    expect(points.at(-1)).toEqual({ x: MAX_TRAIL_POINTS * 3 - 1, y: 0, t: MAX_TRAIL_POINTS * 3 - 1 });
  });
});
