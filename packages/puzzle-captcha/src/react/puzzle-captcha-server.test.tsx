import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, StrictMode } from 'react';
import { SERVER_CHALLENGE, settle, withServerModeFakes } from '../../test/server-mode-setup';
import { PuzzleCaptcha, type ChallengeSource, type ChallengeVerifier, type PuzzleCaptchaProps, type ServerChallenge } from '../index';

// Server-verified mode: the widget shows the server's pictures and asks `verify` for the verdict.

// The proof-of-work solver, held until a test lets it finish (it would run for real otherwise).
const work = vi.hoisted(() => ({
  started: false,
  /** The (fake) clock when the solver was started. */
  startedAt: NaN,
  finish: (_solution: { counter: number; derivedKey: string }) => {},
  fail: (_error: Error) => {},
}));
vi.mock('../work/solve-work', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../work/solve-work')>()),
  solveWork: () =>
    new Promise((resolve, reject) => {
      work.started = true;
      work.startedAt = performance.now();
      work.finish = resolve;
      work.fail = reject;
    }),
}));
const CHALLENGE = SERVER_CHALLENGE;
withServerModeFakes();

interface ServerCalls {
  challenge?: ChallengeSource;
  verify?: ChallengeVerifier;
}

function setup({ challenge: givenChallenge, verify: givenVerify, ...props }: Partial<PuzzleCaptchaProps> & ServerCalls = {}) {
  let count = 0;
  const challenge = givenChallenge ?? vi.fn<ChallengeSource>(async () => ({ ...CHALLENGE, id: `c${(count += 1)}` }));
  const verify = givenVerify ?? vi.fn<ChallengeVerifier>(async () => ({ pass: true, token: 'tok' }));
  const events = { onSuccess: vi.fn(), onFail: vi.fn(), onClose: vi.fn(), onReset: vi.fn() };
  const all: PuzzleCaptchaProps = { show: true, server: { challenge, verify }, ...events, ...props };
  const view = render(<PuzzleCaptcha {...all} />);
  const rerender = (next: Partial<PuzzleCaptchaProps>) => view.rerender(<PuzzleCaptcha {...all} {...next} />);
  return { challenge, verify, ...events, ...view, rerender };
}

const slider = () => screen.getByRole('slider');
const track = () => slider().parentElement!;
const widgetState = () => document.querySelector('.pcap')?.getAttribute('data-state');
const banner = () => document.querySelector('.pcap-banner')?.textContent ?? null;

/** A drag of the handle by `distance` canvas units in 10 moves, 16 ms apart, drifting down a little. */
function drag(distance: number) {
  fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 20, clientY: 100, button: 0, pointerType: 'mouse' });
  for (let i = 1; i <= 10; i += 1) {
    vi.advanceTimersByTime(16);
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 20 + (distance * i) / 10, clientY: 100 + (i % 3) });
  }
  fireEvent.pointerUp(track(), { pointerId: 1, clientX: 20 + distance, clientY: 102 });
}

describe('with a server challenge and verifier', () => {
  it('asks for a puzzle at the device pixel ratio and is ready once its pictures are drawn', async () => {
    const { challenge } = setup();
    expect(widgetState()).toBe('loading');
    await settle();
    expect(challenge).toHaveBeenCalledWith({ pixelRatio: 1 }, expect.any(AbortSignal));
    expect(widgetState()).toBe('ready');
  });

  it('sends the offset and the drag trail, waits in submitting, then passes with the token after 800 ms', async () => {
    let answer: (value: { pass: boolean; token?: string }) => void = () => {};
    const verify = vi.fn<ChallengeVerifier>(() => new Promise((resolve) => (answer = resolve)));
    const { onSuccess, onFail } = setup({ verify });
    await settle();
    drag(80);
    expect(widgetState()).toBe('submitting');
    expect(banner()).toBeNull();
    const [{ id, offsetX, trail }, signal] = verify.mock.calls[0]!;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(id).toBe('c1');
    expect(offsetX).toBeCloseTo((80 * 251) / 260, 6);
    expect(trail).toHaveLength(12);
    expect(trail[0]).toEqual({ x: 20, y: 100, t: 0 });
    expect(trail.at(-1)).toMatchObject({ x: 100, y: 102 });
    expect(trail.at(-1)!.t).toBeGreaterThanOrEqual(160);

    await act(async () => answer({ pass: true, token: 'pass-token' }));
    expect(widgetState()).toBe('success');
    expect(banner()).toBe('验证通过！');
    expect(onSuccess).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(800));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    const [deviation, result] = onSuccess.mock.calls[0]!;
    expect(deviation).toBeNaN();
    expect(result).toEqual({ deviation: NaN, offsetX, pinX: NaN, token: 'pass-token' });
    expect(onFail).not.toHaveBeenCalled();
  });

  it('holds a drag answer until the work is solved, then sends it with the work', async () => {
    work.started = false;
    const task = {
      parameters: { algorithm: 'SHA-256', nonce: 'n', salt: 's', cost: 2, keyLength: 32, keyPrefix: '00' },
      signature: 'sig',
    } as const;
    const challenge = vi.fn<ChallengeSource>(async () => ({ ...CHALLENGE, work: task }));
    const verify = vi.fn<ChallengeVerifier>(async () => ({ pass: true, token: 'tok' }));
    const { onSuccess } = setup({ challenge, verify });
    await settle();
    await vi.waitFor(() => expect(work.started).toBe(true)); // the solver's chunk is loaded on demand
    drag(80);
    await settle();
    expect(widgetState()).toBe('submitting');
    expect(verify).not.toHaveBeenCalled();
    await act(async () => work.finish({ counter: 7, derivedKey: 'abc' }));
    await settle();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toMatchObject({ id: 'c1', work: { task, solution: { counter: 7, derivedKey: 'abc' } } });
    expect(widgetState()).toBe('success');
    act(() => vi.advanceTimersByTime(800));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('does not send an answer whose work could not be done: a failure here, and a new puzzle', async () => {
    work.started = false;
    const task = {
      parameters: { algorithm: 'SHA-256', nonce: 'n', salt: 's', cost: 2, keyLength: 32, keyPrefix: '00' },
      signature: 'sig',
    } as const;
    let count = 0;
    const challenge = vi.fn<ChallengeSource>(async () => ({ ...CHALLENGE, id: `c${(count += 1)}`, work: task }));
    const verify = vi.fn<ChallengeVerifier>(async () => ({ pass: true, token: 'tok' }));
    const { onFail } = setup({ challenge, verify });
    await settle();
    await vi.waitFor(() => expect(work.started).toBe(true));
    drag(80);
    await settle();
    expect(widgetState()).toBe('submitting');
    await act(async () => work.fail(new Error('the worker could not start')));
    await settle();
    expect(verify).not.toHaveBeenCalled();
    expect(widgetState()).toBe('failure');
    expect(onFail).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(challenge).toHaveBeenCalledTimes(2);
  });

  it('fails on a no at once, with the failure banner, and brings a new puzzle after 800 ms', async () => {
    const verify = vi.fn<ChallengeVerifier>(async () => ({ pass: false }));
    const { onFail, onSuccess, challenge } = setup({ verify });
    await settle();
    drag(30);
    await settle();
    expect(widgetState()).toBe('failure');
    expect(banner()).toBe('验证失败，请重试');
    expect(onFail).toHaveBeenCalledTimes(1);
    expect(onFail.mock.calls[0]![1]).toMatchObject({ offsetX: (30 * 251) / 260 });
    expect(challenge).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    await settle();
    expect(challenge).toHaveBeenCalledTimes(2);
    expect(widgetState()).toBe('ready');
    drag(30);
    expect(verify.mock.calls[1]![0].id).toBe('c2');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('counts a verifier that throws as a failure, never stuck', async () => {
    const verify = vi.fn<ChallengeVerifier>(async () => {
      throw new Error('network');
    });
    const { onFail } = setup({ verify });
    await settle();
    drag(80);
    await settle();
    expect(widgetState()).toBe('failure');
    expect(onFail).toHaveBeenCalledTimes(1);
  });

  it('shows the failure banner when a puzzle cannot be had, and tries again later', async () => {
    const challenge = vi
      .fn()
      .mockRejectedValueOnce(new Error('429'))
      .mockResolvedValueOnce({ ...CHALLENGE, width: 300 })
      .mockResolvedValue(CHALLENGE);
    const { onFail } = setup({ challenge });
    await settle();
    expect(widgetState()).toBe('failure');
    expect(banner()).toBe('验证失败，请重试');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    await settle();
    expect(challenge).toHaveBeenCalledTimes(2); // a puzzle for another layout is refused too
    expect(widgetState()).toBe('failure');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1600);
    });
    await settle();
    expect(challenge).toHaveBeenCalledTimes(3);
    expect(widgetState()).toBe('ready');
    expect(onFail).not.toHaveBeenCalled();
  });

  it('emits nothing when hidden while the verdict is awaited', async () => {
    let answer: (value: { pass: boolean; token?: string }) => void = () => {};
    const verify = vi.fn<ChallengeVerifier>(() => new Promise((resolve) => (answer = resolve)));
    const { onSuccess, onFail, rerender } = setup({ verify });
    await settle();
    drag(80);
    rerender({ show: false });
    await act(async () => answer({ pass: true, token: 't' }));
    act(() => vi.advanceTimersByTime(2000));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onFail).not.toHaveBeenCalled();
  });

  it('records the trail without rendering React while the pointer moves', async () => {
    const commits = vi.fn();
    const challenge = vi.fn(async () => CHALLENGE);
    const verify = vi.fn<ChallengeVerifier>(async () => ({ pass: true, token: 't' }));
    render(
      <Profiler id="captcha" onRender={commits}>
        <PuzzleCaptcha show server={{ challenge, verify }} />
      </Profiler>,
    );
    await settle();
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 10, clientY: 5, pointerType: 'touch' });
    const afterGrab = commits.mock.calls.length;
    for (let x = 11; x < 200; x += 3) fireEvent.pointerMove(track(), { pointerId: 1, clientX: x, clientY: 5 });
    expect(commits).toHaveBeenCalledTimes(afterGrab);
  });
});

/** A call that stays pending until the test answers it, remembering the signal it was given. */
function pendingCall<T>() {
  const calls: { signal: AbortSignal; answer: (value: T) => void }[] = [];
  const fn = (_request: unknown, signal: AbortSignal) => new Promise<T>((answer) => calls.push({ signal, answer }));
  return { fn, calls };
}

describe('server mode as one prop', () => {
  it('does not type-check with only half of it', () => {
    const challenge = vi.fn<ChallengeSource>();
    // @ts-expect-error: a server without verify is refused by the types
    const half: PuzzleCaptchaProps = { server: { challenge } };
    expect(half.server).toBeDefined();
  });
});

describe('aborting the server calls', () => {
  it('aborts a pending challenge when hidden, and never shows its late answer', async () => {
    const pending = pendingCall<ServerChallenge>();
    const challenge = vi.fn(pending.fn);
    const verify = vi.fn<ChallengeVerifier>(async () => ({ pass: false }));
    const { rerender } = setup({ challenge, verify });
    await settle();
    expect(widgetState()).toBe('loading');
    const first = pending.calls[0]!;
    expect(first.signal.aborted).toBe(false);
    rerender({ show: false });
    expect(first.signal.aborted).toBe(true);

    rerender({ show: true });
    await settle();
    const second = pending.calls[1]!;
    expect(second.signal.aborted).toBe(false);
    await act(async () => second.answer({ ...CHALLENGE, id: 'fresh' }));
    await settle();
    expect(widgetState()).toBe('ready');
    await act(async () => first.answer({ ...CHALLENGE, id: 'stale' })); // the hidden widget's answer, late
    await settle();
    drag(30);
    await settle();
    expect(verify.mock.calls[0]![0].id).toBe('fresh');
  });

  it('aborts a pending verify when hidden and emits nothing', async () => {
    const pending = pendingCall<{ pass: boolean; token?: string }>();
    const verify = vi.fn((answer: unknown, signal: AbortSignal) => pending.fn(answer, signal));
    const { rerender, onSuccess, onFail } = setup({ verify });
    await settle();
    drag(80);
    const call = pending.calls[0]!;
    expect(call.signal.aborted).toBe(false);
    rerender({ show: false });
    expect(call.signal.aborted).toBe(true);
    await act(async () => call.answer({ pass: true, token: 'late' }));
    act(() => vi.advanceTimersByTime(2000));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onFail).not.toHaveBeenCalled();
  });

  it('aborts a verify that takes over 6 s and counts it as a failure', async () => {
    const pending = pendingCall<{ pass: boolean; token?: string }>();
    const verify = vi.fn((answer: unknown, signal: AbortSignal) => pending.fn(answer, signal));
    const { onFail } = setup({ verify });
    await settle();
    drag(80);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(pending.calls[0]!.signal.aborted).toBe(true);
    expect(widgetState()).toBe('failure');
    expect(onFail).toHaveBeenCalledTimes(1);
  });

  it('aborts a challenge that takes over 6 s, shows the failure banner and asks again', async () => {
    const pending = pendingCall<ServerChallenge>();
    const challenge = vi.fn(pending.fn);
    setup({ challenge });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(pending.calls[0]!.signal.aborted).toBe(true);
    expect(widgetState()).toBe('failure');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(challenge).toHaveBeenCalledTimes(2);
  });
});

describe('one challenge per opening', () => {
  // Each challenge costs the server a drawn puzzle and counts against the visitor's network's challenges per
  // minute. React's StrictMode (development builds) mounts the widget, unmounts it and mounts it again at
  // once: the first mount's request must never leave (its signal aborted before it is sent), not be sent
  // and then aborted.
  it('asks once when shown in StrictMode, and once more per opening and per refresh', async () => {
    const challenge = vi.fn<ChallengeSource>(async () => CHALLENGE);
    const server = { challenge, verify: vi.fn<ChallengeVerifier>() };
    const { rerender } = render(<PuzzleCaptcha show server={server} />, { wrapper: StrictMode });
    await settle();
    expect(widgetState()).toBe('ready');
    expect(challenge).toHaveBeenCalledTimes(1);
    expect(challenge.mock.calls[0]![1].aborted).toBe(false);

    rerender(<PuzzleCaptcha show={false} server={server} />);
    rerender(<PuzzleCaptcha show server={server} />);
    await settle();
    expect(challenge).toHaveBeenCalledTimes(2);
    expect(challenge.mock.calls[1]![1].aborted).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '换一张' }));
    await settle();
    expect(challenge).toHaveBeenCalledTimes(3);
  });

  it('does not ask again when the app renders it anew with fresh props (server object, pictures, handlers)', async () => {
    const challenge = vi.fn<ChallengeSource>(async () => CHALLENGE);
    const verify = vi.fn<ChallengeVerifier>();
    const props = () => ({ show: true, server: { challenge, verify }, imgs: [] as string[], onSuccess: () => {}, onClose: () => {} });
    const { rerender } = render(<PuzzleCaptcha {...props()} />);
    rerender(<PuzzleCaptcha {...props()} />); // while the challenge is on its way
    await settle();
    rerender(<PuzzleCaptcha {...props()} />); // once it is shown
    await settle();
    expect(widgetState()).toBe('ready');
    expect(challenge).toHaveBeenCalledTimes(1);
    expect(challenge.mock.calls[0]![1].aborted).toBe(false);
  });
});

describe('one timer per purpose', () => {
  it('asks once, not twice, when refreshed while a failed challenge waits for its retry', async () => {
    const challenge = vi.fn<ChallengeSource>().mockRejectedValueOnce(new Error('503')).mockResolvedValue(CHALLENGE);
    const { onReset } = setup({ challenge });
    await settle();
    expect(widgetState()).toBe('failure');
    fireEvent.click(screen.getByRole('button', { name: '换一张' }));
    await settle();
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(challenge).toHaveBeenCalledTimes(2);
    expect(widgetState()).toBe('ready');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000); // past the retry the failure had scheduled
    });
    expect(challenge).toHaveBeenCalledTimes(2);
  });

  it('drops the pending retry when hidden: no request after the widget is gone', async () => {
    const challenge = vi.fn<ChallengeSource>().mockRejectedValue(new Error('503'));
    const { rerender } = setup({ challenge });
    await settle();
    expect(challenge).toHaveBeenCalledTimes(1);
    rerender({ show: false });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(challenge).toHaveBeenCalledTimes(1);
  });
});

describe('the timing sent with an answer', () => {
  // The fake timers move performance.now() too: the clock the widget reads. Each challenge takes 2 s to come,
  // so a time counted from the opening instead of the picture shown would be 2 s too long.
  const TASK = {
    parameters: { algorithm: 'SHA-256', nonce: 'n', salt: 's', cost: 2, keyLength: 32, keyPrefix: '00' },
    signature: 'sig',
  } as const;
  const slowChallenge = (extra: Partial<ServerChallenge> = {}) => {
    let count = 0;
    return vi.fn<ChallengeSource>(
      () => new Promise((resolve) => setTimeout(() => resolve({ ...CHALLENGE, id: `c${(count += 1)}`, ...extra }), 2000)),
    );
  };
  const wait = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  /** The clock when the widget turns ready: its pictures load 5 ms after the challenge comes (the Image stub). */
  async function shownAt(): Promise<number> {
    let readyAt = NaN;
    while (widgetState() !== 'ready') {
      await wait(1);
      readyAt = performance.now();
    }
    return readyAt;
  }

  it("carries the time from the picture shown to the release, and the work's run", async () => {
    work.started = false;
    const verify = vi.fn<ChallengeVerifier>(async () => ({ pass: true, token: 'tok' }));
    setup({ challenge: slowChallenge({ work: TASK }), verify });
    const opened = performance.now();
    const shown = await shownAt();
    expect(shown - opened).toBeGreaterThanOrEqual(2005);
    await vi.waitFor(() => expect(work.started).toBe(true));
    await wait(3000);
    drag(80); // 160 ms of moves, then the release
    const released = performance.now();
    await wait(1500); // the work still runs after the release: the answer waits for it
    expect(verify).not.toHaveBeenCalled();
    const solvedAt = performance.now();
    await act(async () => work.finish({ counter: 7, derivedKey: 'abc' }));
    await settle();
    expect(verify).toHaveBeenCalledTimes(1);
    const { timing } = verify.mock.calls[0]![0];
    // The opening's first answer: its time from the opening's first puzzle shown is this puzzle's.
    expect(timing).toEqual({
      solveMs: expect.any(Number),
      workMs: Math.round(solvedAt - work.startedAt),
      tries: 1,
      openMs: timing!.solveMs,
    });
    // Shown within the last 1 ms step of shownAt() (whole milliseconds either way); not counted from the opening.
    expect(timing!.solveMs).toBeGreaterThanOrEqual(Math.round(released - shown));
    expect(timing!.solveMs).toBeLessThanOrEqual(Math.round(released - shown) + 1);
    expect(timing!.solveMs).toBeGreaterThanOrEqual(3160);
    expect(timing!.workMs).toBeGreaterThan(released - shown); // it ran from before the release to after it
  });

  it('measures a retry after a failure from the new puzzle, and sends no work time without work', async () => {
    const verify = vi.fn<ChallengeVerifier>(async () => ({ pass: false }));
    setup({ challenge: slowChallenge(), verify });
    let shown = await shownAt();
    const firstShown = shown;
    await wait(4000);
    drag(30);
    let released = performance.now();
    await settle();
    expect(widgetState()).toBe('failure');
    const first = verify.mock.calls[0]![0].timing!;
    expect(first.solveMs - Math.round(released - shown)).toBeOneOf([0, 1]);
    expect(first.workMs).toBe(0);
    expect(first.tries).toBe(1);

    await wait(800); // the next picture is asked for; it comes 2 s later
    shown = await shownAt();
    await wait(1000);
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    fireEvent.keyDown(slider(), { key: 'Enter' });
    released = performance.now();
    await settle();
    expect(verify).toHaveBeenCalledTimes(2);
    const second = verify.mock.calls[1]![0];
    expect(second.id).toBe('c2');
    expect(second.timing!.solveMs - Math.round(released - shown)).toBeOneOf([0, 1]);
    expect(second.timing!.solveMs).toBeLessThan(1100); // not from the first puzzle, 7 s before
    // But the opening counts on: its second answer, timed from its first puzzle shown.
    expect(second.timing!.tries).toBe(2);
    expect(second.timing!.openMs! - Math.round(released - firstShown)).toBeOneOf([0, 1]);
  });
});
