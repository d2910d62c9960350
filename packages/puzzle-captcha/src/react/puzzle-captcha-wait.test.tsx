import { act, fireEvent, render, screen } from '@testing-library/react';
import { SERVER_CHALLENGE, settle, withServerModeFakes } from '../../test/server-mode-setup';
import { RETRY_AFTER_S } from '../protocol/contract';
import { WAIT_S } from './server-calls';
import { PuzzleCaptcha, type AccessibleServer, type ChallengeSource, type ChallengeVerifier } from '../index';

// A refusal for now (a 429 with Retry-After, which the host's calls hand over as { retryAfterS }): the widget
// shows the wait counted down and a retry, never the failure banner.

const work = vi.hoisted(() => ({ started: false, finish: (_solution: { counter: number; derivedKey: string }) => {} }));
vi.mock('../work/solve-work', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../work/solve-work')>()),
  solveWork: (_task: unknown, options: { signal?: AbortSignal } = {}) =>
    new Promise((resolve, reject) => {
      work.started = true;
      options.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      work.finish = resolve;
    }),
}));
withServerModeFakes();

const TASK = {
  parameters: { algorithm: 'SHA-256', nonce: 'n', salt: 's', cost: 2, keyLength: 32, keyPrefix: '00' },
  signature: 'sig',
} as const;
const widgetState = () => document.querySelector('.pcap')?.getAttribute('data-state');
const liveRegion = () => document.querySelector('[aria-live="polite"]')!.textContent;
const shown = () => document.querySelector('.pcap-wait p')?.textContent ?? null;
const retryButton = () => screen.getByRole('button', { name: '重试' });
/** Moves the fake clock a second at a time, so that each second's render sets its next timer. */
async function tick(ms: number) {
  for (let step = 0; step < ms; step += 1000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(1000, ms - step));
    });
  }
}

function setup({
  challenge: given,
  verify: givenVerify,
  accessible,
}: { challenge?: ChallengeSource; verify?: ChallengeVerifier; accessible?: AccessibleServer } = {}) {
  let count = 0;
  const challenge = vi.fn<ChallengeSource>(given ?? (async () => ({ ...SERVER_CHALLENGE, id: `c${(count += 1)}` })));
  const verify = vi.fn<ChallengeVerifier>(givenVerify ?? (async () => ({ retryAfterS: 3 })));
  const events = { onSuccess: vi.fn(), onFail: vi.fn() };
  render(<PuzzleCaptcha show server={{ challenge, verify, ...(accessible ? { accessible } : {}) }} {...events} />);
  return { challenge, verify, ...events };
}

/** Answers the puzzle on the board by keyboard (one step right, Enter). */
function answerByKeyboard() {
  const slider = screen.getByRole('slider');
  fireEvent.keyDown(slider, { key: 'ArrowRight' });
  fireEvent.keyDown(slider, { key: 'Enter' });
}

describe('a refusal for now', () => {
  it('shows a refused pass as a wait counted down, announced once, then retries for a new puzzle', async () => {
    const { challenge, verify, onFail, onSuccess } = setup();
    await settle();
    answerByKeyboard();
    await settle();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(widgetState()).toBe('waiting');
    expect(document.querySelector('.pcap-banner')).toBeNull(); // not "验证失败，请重试"
    expect(onFail).not.toHaveBeenCalled();
    expect(shown()).toBe('请求过于频繁，请 3 秒后重试');
    expect(liveRegion()).toBe('请求过于频繁，请 3 秒后重试');
    expect(retryButton()).toHaveFocus();
    expect(retryButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: '换一张' })).toBeDisabled();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0'); // the answer is gone: the handle went home
    fireEvent.click(retryButton()); // too early: nothing
    await tick(1000);
    expect(challenge).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('请求过于频繁，请 2 秒后重试');
    expect(liveRegion()).toBe('请求过于频繁，请 3 秒后重试'); // said once, not each second
    await tick(1000);
    expect(shown()).toBe('请求过于频繁，请 1 秒后重试');
    expect(liveRegion()).toBe('请求过于频繁，请 3 秒后重试');
    await tick(1000);
    expect(shown()).toBe('现在可以重试');
    expect(liveRegion()).toBe('现在可以重试'); // said once more when the retry is usable
    expect(retryButton()).toHaveAttribute('aria-disabled', 'false');
    expect(challenge).toHaveBeenCalledTimes(1); // the retry is the visitor's
    fireEvent.click(retryButton());
    expect(screen.getByRole('slider')).toHaveFocus(); // not lost to the page with the button
    await settle();
    expect(challenge).toHaveBeenCalledTimes(2);
    expect(widgetState()).toBe('ready');
    expect(document.querySelector('.pcap-wait')).toBeNull();
    expect(liveRegion()).toBe('');
    verify.mockResolvedValueOnce({ pass: true, token: 'tok' });
    answerByKeyboard();
    await settle();
    expect(widgetState()).toBe('success');
    await tick(800);
    expect(onSuccess).toHaveBeenCalledWith(NaN, expect.objectContaining({ token: 'tok' }));
    expect(onFail).not.toHaveBeenCalled();
  });

  it('shows a refused fetch (a locked address) as the same wait, retried by keyboard', async () => {
    let refused = true;
    const { challenge } = setup({
      challenge: async () => (refused ? { retryAfterS: 60 } : { ...SERVER_CHALLENGE, id: 'c2' }),
    });
    await settle();
    expect(widgetState()).toBe('waiting');
    expect(shown()).toBe('请求过于频繁，请 1 分钟后重试');
    expect(document.querySelector('.pcap-banner')).toBeNull();
    await tick(30_000);
    expect(challenge).toHaveBeenCalledTimes(1); // no retry of its own while refused
    expect(shown()).toBe('请求过于频繁，请 30 秒后重试');
    refused = false;
    await tick(30_000);
    retryButton().focus();
    fireEvent.click(retryButton()); // Enter or Space on a button is a click
    await settle();
    expect(challenge).toHaveBeenCalledTimes(2);
    expect(widgetState()).toBe('ready');
  });

  it.each([
    ['missing seconds', undefined, RETRY_AFTER_S.fallback],
    ['garbage', 'soon', RETRY_AFTER_S.fallback],
    ['not a number', Number.NaN, RETRY_AFTER_S.fallback],
    ['a fraction', 2.2, 3],
  ])('bounds a wait given as %s', async (_name, retryAfterS, seconds) => {
    setup({ verify: async () => ({ retryAfterS }) as never });
    await settle();
    answerByKeyboard();
    await settle();
    expect(shown()).toBe(`请求过于频繁，请 ${seconds} 秒后重试`);
  });

  it.each([
    ["a quota's twelve minutes", 720, '12 分钟'],
    ['a minute and a half', 90, '1 分 30 秒'],
    ['hours, held to an hour', 7200, '60 分钟'],
  ])('says a wait of %s in minutes and seconds', async (_name, retryAfterS, said) => {
    setup({ verify: async () => ({ retryAfterS }) as never });
    await settle();
    answerByKeyboard();
    await settle();
    expect(shown()).toBe(`请求过于频繁，请 ${said}后重试`);
    expect(RETRY_AFTER_S.max).toBe(3600);
  });

  it("holds the bounds equal to the protocol's (written out in server mode's chunk)", () => {
    expect(WAIT_S).toEqual(RETRY_AFTER_S);
  });

  it('shows 无障碍验证 refused its pass as the wait too', async () => {
    const accessible = {
      challenge: vi.fn<AccessibleServer['challenge']>(async () => ({ id: 'a1', work: TASK, maxCounter: 1000, expiresAt: 0 })),
      verify: vi.fn<AccessibleServer['verify']>(async () => ({ retryAfterS: 5 })),
    };
    setup({ challenge: async () => ({ ...SERVER_CHALLENGE, accessible: true }), accessible });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: '无障碍验证' }));
    work.started = false;
    await settle();
    await vi.waitFor(() => expect(work.started).toBe(true));
    await act(async () => work.finish({ counter: 7, derivedKey: 'abc' }));
    await settle();
    expect(accessible.verify).toHaveBeenCalledTimes(1);
    expect(widgetState()).toBe('waiting');
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    expect(liveRegion()).toBe('请求过于频繁，请 5 秒后重试');
    expect(screen.getByRole('button', { name: '无障碍验证' })).toBeDisabled();
  });

  it("shows 无障碍验证's task refused as the wait", async () => {
    const accessible = {
      challenge: vi.fn<AccessibleServer['challenge']>(async () => ({ retryAfterS: 8 })),
      verify: vi.fn<AccessibleServer['verify']>(),
    };
    setup({ challenge: async () => ({ ...SERVER_CHALLENGE, accessible: true }), accessible });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: '无障碍验证' }));
    await settle();
    expect(widgetState()).toBe('waiting');
    expect(shown()).toBe('请求过于频繁，请 8 秒后重试');
    expect(accessible.verify).not.toHaveBeenCalled();
  });
});
