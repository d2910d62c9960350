import { MAX_TRAIL_POINTS } from './constants';
import { createTrailRecorder } from './trail';

describe('createTrailRecorder', () => {
  it('records points in canvas units, to a tenth, with ms since the press from the events’ time stamps', () => {
    const trail = createTrailRecorder();
    trail.start(25.04, 80.26, 1000);
    trail.add(31.55, 80.5, 1016.4);
    expect(trail.take()).toEqual([
      { x: 25, y: 80.3, t: 0 },
      { x: 31.6, y: 80.5, t: 16 },
    ]);
    expect(trail.take()).toEqual([]);
  });

  it('keeps every other point past the cap, from start to end', () => {
    const trail = createTrailRecorder();
    trail.start(0, 0, 0);
    for (let i = 1; i < MAX_TRAIL_POINTS * 3; i += 1) trail.add(i, 0, i);
    const points = trail.take();
    expect(points.length).toBeLessThanOrEqual(MAX_TRAIL_POINTS);
    expect(points[0]).toEqual({ x: 0, y: 0, t: 0 });
    expect(points.at(-1)).toEqual({ x: MAX_TRAIL_POINTS * 3 - 1, y: 0, t: MAX_TRAIL_POINTS * 3 - 1 });
    // The samples kept are those of halving a full list at each overflow (the even indexes), then adding.
    let expected: number[] = [0];
    for (let i = 1; i < MAX_TRAIL_POINTS * 3; i += 1) {
      if (expected.length >= MAX_TRAIL_POINTS) expected = expected.filter((_, index) => index % 2 === 0);
      expected.push(i);
    }
    expect(points.map((point) => point.t)).toEqual(expected);
  });

  it('starts over on the next press', () => {
    const trail = createTrailRecorder();
    trail.start(1, 1, 50);
    trail.add(2, 2, 60);
    trail.start(5, 5, 500);
    trail.add(6, 6, 510);
    expect(trail.take()).toEqual([
      { x: 5, y: 5, t: 0 },
      { x: 6, y: 6, t: 10 },
    ]);
  });
});
