import { CHALLENGE_RETRY_MS } from './constants';
import { announcedPercent, INITIAL_SERVER_STATE, retryDelay, serverReducer, type ServerAction, type ServerState } from './server-state';

const run = (...actions: ServerAction[]) => actions.reduce<ServerState>(serverReducer, INITIAL_SERVER_STATE);

describe('server mode state', () => {
  it('holds a loaded puzzle until it is answered or another is asked for', () => {
    const loaded = run({ type: 'loaded', id: 'c1', offered: true });
    expect(loaded).toEqual({ served: 'c1', failures: 0, offered: true, accessible: null, wait: null });
    expect(serverReducer(loaded, { type: 'answer' }).served).toBeNull();
    expect(serverReducer(loaded, { type: 'load' }).served).toBeNull();
  });

  it('counts failed challenges in a row and forgets them when one comes', () => {
    const failed = run({ type: 'load-failed' }, { type: 'load-failed' });
    expect(failed.failures).toBe(2);
    expect(serverReducer(failed, { type: 'loaded', id: 'c2', offered: false }).failures).toBe(0);
  });

  it('waits twice as long per failure in a row before asking again, up to the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5].map((failures) => retryDelay({ ...INITIAL_SERVER_STATE, failures }, CHALLENGE_RETRY_MS));
    expect(delays).toEqual([800, 1600, 3200, 6400, 10_000, 10_000]);
  });

  it('runs 无障碍验证 instead of the puzzle on the board, until it ends', () => {
    const running = run(
      { type: 'loaded', id: 'c1', offered: true },
      { type: 'accessible', percent: 0 },
      { type: 'accessible', percent: 40 },
    );
    expect(running).toMatchObject({ served: null, accessible: 40, offered: true });
    expect(serverReducer(running, { type: 'accessible-ended' }).accessible).toBeNull();
  });

  it("holds a refusal's wait, with nothing to answer, until another puzzle is asked for", () => {
    const waiting = run(
      { type: 'loaded', id: 'c1', offered: true },
      { type: 'accessible', percent: 10 },
      { type: 'wait', until: 5000, seconds: 3 },
    );
    expect(waiting).toMatchObject({ served: null, accessible: null, wait: { until: 5000, seconds: 3 } });
    expect(serverReducer(waiting, { type: 'load' }).wait).toBeNull();
  });

  it('keeps the same state object when an action changes nothing', () => {
    const state = run({ type: 'load' });
    expect(state).toBe(INITIAL_SERVER_STATE);
    expect(serverReducer(state, { type: 'accessible-ended' })).toBe(state);
  });

  it('announces progress in quarters', () => {
    expect([0, 24, 25, 74, 99].map(announcedPercent)).toEqual([0, 0, 25, 50, 75]);
  });
});
