import { act, fireEvent, render, screen } from '@testing-library/react';
import { SERVER_CHALLENGE, settle, withServerModeFakes } from '../../test/server-mode-setup';
import { PuzzleCaptcha, type AccessibleServer, type ChallengeSource, type ChallengeVerifier, type ServerChallenge } from '../index';

// 无障碍验证 in the widget: the button the server's challenge offers, the panel, its announced progress, cancel.

const work = vi.hoisted(() => ({
  started: false,
  /** The (fake) clock when the solver was started. */
  startedAt: NaN,
  progress: (_tried: number) => {},
  finish: (_solution: { counter: number; derivedKey: string }) => {},
}));
vi.mock('../work/solve-work', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../work/solve-work')>()),
  // As the real one: an aborted signal rejects.
  solveWork: (_task: unknown, options: { signal?: AbortSignal; onProgress?: (tried: number) => void } = {}) =>
    new Promise((resolve, reject) => {
      work.started = true;
      work.startedAt = performance.now();
      options.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      work.progress = (tried) => options.onProgress?.(tried);
      work.finish = resolve;
    }),
}));

const TASK = {
  parameters: { algorithm: 'SHA-256', nonce: 'n', salt: 's', cost: 2, keyLength: 32, keyPrefix: '00' },
  signature: 'sig',
} as const;
const CHALLENGE: ServerChallenge = { ...SERVER_CHALLENGE, accessible: true };
withServerModeFakes();

const widgetState = () => document.querySelector('.pcap')?.getAttribute('data-state');
const liveRegion = () => document.querySelector('[aria-live="polite"]')!.textContent;

function setup() {
  let count = 0;
  const challenge = vi.fn<ChallengeSource>(async () => ({ ...CHALLENGE, id: `c${(count += 1)}` }));
  const verify = vi.fn<ChallengeVerifier>();
  const accessible = {
    challenge: vi.fn<AccessibleServer['challenge']>(async () => ({ id: 'a1', work: TASK, maxCounter: 1000, expiresAt: 0 })),
    verify: vi.fn<AccessibleServer['verify']>(async () => ({ pass: true, token: 'ax-token' })),
  };
  const onSuccess = vi.fn();
  render(<PuzzleCaptcha show server={{ challenge, verify, accessible }} onSuccess={onSuccess} />);
  return { challenge, accessible, onSuccess };
}

describe('无障碍验证', () => {
  it('is offered with a puzzle whose server offers it, and only while the puzzle is ready', async () => {
    setup();
    expect(screen.queryByRole('button', { name: '无障碍验证' })).toBeNull();
    await settle();
    expect(screen.getByRole('button', { name: '无障碍验证' })).toBeEnabled();
  });

  it('runs the work alone, announces its progress in quarters and passes with the token', async () => {
    const { accessible, onSuccess } = setup();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: '无障碍验证' }));
    expect(widgetState()).toBe('submitting');
    expect(screen.getByRole('button', { name: '取消' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '无障碍验证' })).toBeDisabled();
    expect(liveRegion()).toBe('无障碍验证进行中，已完成 0%');
    work.started = false;
    await settle();
    await vi.waitFor(() => expect(work.started).toBe(true)); // the solver's chunk is loaded on demand
    act(() => work.progress(420));
    expect(liveRegion()).toBe('无障碍验证进行中，已完成 25%');
    expect(screen.getByText('42%')).toBeInTheDocument();
    await act(async () => work.finish({ counter: 7, derivedKey: 'abc' }));
    await settle();
    expect(accessible.verify).toHaveBeenCalledWith(
      { id: 'a1', work: { task: TASK, solution: { counter: 7, derivedKey: 'abc' } }, timing: expect.any(Object) },
      expect.any(AbortSignal),
    );
    expect(widgetState()).toBe('success');
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    expect(liveRegion()).toBe('验证通过！');
    act(() => vi.advanceTimersByTime(800));
    expect(onSuccess).toHaveBeenCalledWith(NaN, { deviation: NaN, offsetX: NaN, pinX: NaN, token: 'ax-token' });
  });

  it('can be cancelled: the work is aborted and a new puzzle is asked for', async () => {
    const { challenge, accessible } = setup();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: '无障碍验证' }));
    work.started = false;
    await settle();
    await vi.waitFor(() => expect(work.started).toBe(true));
    const signal = accessible.challenge.mock.calls[0]![0];
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(signal.aborted).toBe(true);
    await settle();
    expect(challenge).toHaveBeenCalledTimes(2);
    expect(widgetState()).toBe('ready');
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    expect(screen.getByRole('button', { name: '无障碍验证' })).toBeEnabled();
    await act(async () => work.finish({ counter: 7, derivedKey: 'abc' })); // late: nothing follows
    await settle();
    expect(accessible.verify).not.toHaveBeenCalled();
    expect(widgetState()).toBe('ready');
  });

  it("sends the time from the task shown to the answer, and the work's run", async () => {
    const { accessible } = setup();
    accessible.challenge.mockImplementation(
      () => new Promise((resolve) => setTimeout(() => resolve({ id: 'a1', work: TASK, maxCounter: 1000, expiresAt: 0 }), 300)),
    );
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000); // the puzzle's time is not this path's
    });
    const shown = performance.now(); // the fake clock: it moves only when the test moves it
    fireEvent.click(screen.getByRole('button', { name: '无障碍验证' }));
    work.started = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300); // the task comes
    });
    await vi.waitFor(() => expect(work.started).toBe(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    const solved = performance.now();
    await act(async () => work.finish({ counter: 7, derivedKey: 'abc' }));
    await settle();
    expect(accessible.verify).toHaveBeenCalledTimes(1);
    const { timing } = accessible.verify.mock.calls[0]![0];
    // The opening's first answer, timed from its first puzzle shown, 5 s before the panel.
    expect(timing).toEqual({ solveMs: solved - shown, workMs: solved - work.startedAt, tries: 1, openMs: expect.any(Number) });
    expect(timing!.openMs! - timing!.solveMs).toBeGreaterThanOrEqual(5000);
    expect(solved - work.startedAt).toBeGreaterThanOrEqual(2500);
    expect(work.startedAt - shown).toBeGreaterThanOrEqual(300); // the task came first, then the work ran
  });
});
