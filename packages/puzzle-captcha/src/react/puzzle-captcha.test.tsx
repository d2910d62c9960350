import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { PuzzleCaptcha, type PuzzleCaptchaProps } from '../index';
import { seededRandom } from '../testing/seeded-random';
import { stubImages, type PictureRequest } from '../../test/fake-images';

// With every draw at 0 the gap is at x = 79 (pinX 76). The handle at d puts the piece at u = d * 251 / 260,
// so d = 80 gives u = 77.23, a deviation of -1.23: a pass. d = 0 gives a deviation of 76: a fail.
const lowest = () => 0;
const PASSING = 80;

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library drains its own setTimeout(0) with fake timers only when it sees Jest's global.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  // jsdom has no canvas: the widget must cope with a missing context (drawing is tested in the browser).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setup(props: Partial<PuzzleCaptchaProps> = {}) {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const events = { onSuccess: vi.fn(), onFail: vi.fn(), onClose: vi.fn(), onReset: vi.fn() };
  const all: PuzzleCaptchaProps = { show: true, random: lowest, ...events, ...props };
  const view = render(<PuzzleCaptcha {...all} />);
  const rerender = (next: Partial<PuzzleCaptchaProps>) => view.rerender(<PuzzleCaptcha {...all} {...next} />);
  return { user, ...events, ...view, rerender };
}

const slider = () => screen.getByRole('slider');
const valueNow = () => Number(slider().getAttribute('aria-valuenow'));
/** Where handle, fill and piece are drawn: the one custom property the view writes per move. */
const position = () => Number(document.querySelector<HTMLElement>('.pcap')!.style.getPropertyValue('--pcap-d'));
const track = () => slider().parentElement!;
const widgetState = () => document.querySelector('.pcap')?.getAttribute('data-state');

async function moveTo(user: ReturnType<typeof userEvent.setup>, d: number) {
  slider().focus();
  await user.keyboard('{Home}');
  for (let i = 0; i < Math.floor(d / 10); i += 1) await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
  for (let i = 0; i < d % 10; i += 1) await user.keyboard('{ArrowRight}');
}

describe('showing', () => {
  it('renders a modal only when shown, as a dialog named 拼图验证 on document.body', () => {
    const { container, rerender } = setup({ show: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender({ show: true });
    const dialog = screen.getByRole('dialog', { name: '拼图验证' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('puts the overlay at z-index 999 by default, or the zIndex given, with className', () => {
    const { rerender } = setup();
    const overlay = () => screen.getByRole('dialog').parentElement!;
    // The dialog's parent is the full-screen backdrop, not some wrapper: it carries the backdrop class.
    expect(overlay()).toHaveClass('pcap-backdrop');
    expect(document.body).toContainElement(overlay());
    expect(overlay().style.zIndex).toBe('999');
    rerender({ zIndex: 3000, className: 'mine' });
    expect(overlay().style.zIndex).toBe('3000');
    expect(overlay()).toHaveClass('mine');
  });

  it('renders inline in place, shown by default, and hides with show={false}', () => {
    const { container, rerender } = setup({ type: 'inside', show: undefined, className: 'mine' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const group = screen.getByRole('group', { name: '拼图验证' });
    expect(container).toContainElement(group);
    expect(group).toHaveClass('mine');
    rerender({ show: false });
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('labels the slider with sliderText, 拖动滑块完成拼图 by default', () => {
    const { rerender } = setup();
    expect(screen.getByRole('slider', { name: '拖动滑块完成拼图' })).toBeInTheDocument();
    rerender({ sliderText: '向右拖动' });
    expect(screen.getByRole('slider', { name: '向右拖动' })).toBeInTheDocument();
  });

  it('lets the handle travel canvasWidth minus the clamped sliderSize', () => {
    const { rerender } = setup();
    expect(slider()).toHaveAttribute('aria-valuemax', '260');
    rerender({ canvasWidth: 200, sliderSize: 150 }); // clamped to round(200 / 2)
    expect(slider()).toHaveAttribute('aria-valuemax', '100');
    rerender({ canvasWidth: 200, sliderSize: 2 }); // clamped to 10
    expect(slider()).toHaveAttribute('aria-valuemax', '190');
  });
});

describe('keyboard', () => {
  it('moves by 1 with the arrows, by 10 with Shift, to the ends with Home and End', async () => {
    const { user } = setup();
    slider().focus();
    await user.keyboard('{ArrowRight}');
    expect(valueNow()).toBe(1);
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(valueNow()).toBe(11);
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(valueNow()).toBe(9);
    await user.keyboard('{End}');
    expect(valueNow()).toBe(260);
    await user.keyboard('{ArrowRight}');
    expect(valueNow()).toBe(260);
    await user.keyboard('{Home}{ArrowLeft}');
    expect(valueNow()).toBe(0);
    expect(slider()).toHaveAttribute('aria-valuetext', '已移动 0%');
  });

  it('does nothing until the picture has loaded', async () => {
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        src = '';
      },
    );
    const { user, onFail } = setup({ imgs: ['/slow.png'] });
    expect(widgetState()).toBe('loading');
    expect(slider()).toHaveAttribute('aria-disabled', 'true');
    slider().focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(valueNow()).toBe(0);
    expect(onFail).not.toHaveBeenCalled();
  });
});

describe('verdict', () => {
  it('passes a correct position: banner, no more sliding, success after 800 ms with its payload', async () => {
    const { user, onSuccess, onFail } = setup();
    await moveTo(user, PASSING);
    await user.keyboard('{Enter}');

    expect(screen.getByText('验证通过！', { selector: '.pcap-banner' })).toBeInTheDocument();
    expect(slider()).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowRight}');
    expect(valueNow()).toBe(PASSING);
    act(() => vi.advanceTimersByTime(799));
    expect(onSuccess).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    const offsetX = (PASSING * 251) / 260;
    expect(onSuccess).toHaveBeenCalledWith(76 - offsetX, { deviation: 76 - offsetX, offsetX, pinX: 76 });
    act(() => vi.advanceTimersByTime(5000));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onFail).not.toHaveBeenCalled();
  });

  it('fails a wrong position at once, shows failText, and brings a new picture after 800 ms', async () => {
    const random = vi.fn(lowest);
    const { user, onFail, onSuccess } = setup({ random, failText: '不对哦' });
    const drawsForFirstPicture = random.mock.calls.length;
    slider().focus();
    await user.keyboard('{Enter}');

    expect(onFail).toHaveBeenCalledTimes(1);
    expect(onFail).toHaveBeenCalledWith(76, { deviation: 76, offsetX: 0, pinX: 76 });
    expect(screen.getByText('不对哦', { selector: '.pcap-banner' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(799));
    expect(random).toHaveBeenCalledTimes(drawsForFirstPicture);
    act(() => vi.advanceTimersByTime(1));
    expect(random.mock.calls.length).toBeGreaterThan(drawsForFirstPicture);
    expect(widgetState()).toBe('ready');
    expect(document.querySelector('.pcap-banner')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('uses range as the tolerance, strictly', async () => {
    const { user, onFail } = setup({ range: 1.2 }); // the deviation at PASSING is -1.23
    await moveTo(user, PASSING);
    await user.keyboard('{Enter}');
    expect(onFail).toHaveBeenCalledTimes(1);
  });

  it('announces the result in a live region', async () => {
    const { user } = setup();
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live).toHaveTextContent('');
    slider().focus();
    await user.keyboard('{Enter}');
    expect(live).toHaveTextContent('验证失败，请重试');
  });
});

describe('pointer', () => {
  // jsdom lays nothing out: the track measures 0 wide, so client x is taken as canvas units.
  it('drags the handle with one pointer and submits on release', () => {
    const { onSuccess } = setup();
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 20, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 60 });
    expect(position()).toBe(40);
    expect(widgetState()).toBe('dragging');
    fireEvent.pointerUp(track(), { pointerId: 1, clientX: 20 + PASSING });
    expect(position()).toBe(PASSING);
    expect(valueNow()).toBe(PASSING);
    expect(widgetState()).toBe('success');
    act(() => vi.advanceTimersByTime(800));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('ignores a second pointer while the first one drags', () => {
    setup();
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 10, pointerType: 'touch' });
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 40 });
    fireEvent.pointerDown(track(), { pointerId: 2, clientX: 200, pointerType: 'touch' });
    fireEvent.pointerMove(track(), { pointerId: 2, clientX: 250 });
    fireEvent.pointerUp(track(), { pointerId: 2, clientX: 250 });
    expect(position()).toBe(30);
    expect(widgetState()).toBe('dragging');
  });

  it('puts the handle home on pointercancel and emits nothing', () => {
    const { onFail, onSuccess } = setup();
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 10, pointerType: 'touch' });
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 90 });
    fireEvent.pointerCancel(track(), { pointerId: 1 });
    expect(valueNow()).toBe(0);
    expect(widgetState()).toBe('ready');
    act(() => vi.advanceTimersByTime(2000));
    expect(onFail).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('takes a tap on the track as a move there (handle centred) and a submit', () => {
    const { onFail } = setup();
    fireEvent.pointerDown(track(), { pointerId: 1, clientX: 125, pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(track(), { pointerId: 1, clientX: 125 });
    expect(valueNow()).toBe(100);
    expect(onFail).toHaveBeenCalledTimes(1);
  });

  it('announces a drag where it ends, not at every move', () => {
    setup();
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 20, button: 0, pointerType: 'touch' });
    const announced = vi.spyOn(slider(), 'setAttribute');
    for (let x = 22; x <= 60; x += 2) fireEvent.pointerMove(track(), { pointerId: 1, clientX: x });
    expect(position()).toBe(40);
    expect(announced).not.toHaveBeenCalled();
    expect(valueNow()).toBe(0);
    fireEvent.pointerCancel(track(), { pointerId: 1 });
    expect(valueNow()).toBe(0);
    fireEvent.pointerDown(slider(), { pointerId: 2, clientX: 20, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(track(), { pointerId: 2, clientX: 50 });
    fireEvent.pointerUp(track(), { pointerId: 2, clientX: 50 });
    expect(valueNow()).toBe(30);
    expect(slider()).toHaveAttribute('aria-valuetext', '已移动 12%');
  });

  it('leaves other listeners every move outside a drag, and every move of another pointer during one', () => {
    setup();
    const seen = vi.fn();
    document.body.addEventListener('pointermove', seen);
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 40 });
    expect(seen).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 20, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(track(), { pointerId: 2, clientX: 40 });
    expect(seen).toHaveBeenCalledTimes(2);
    fireEvent.pointerUp(track(), { pointerId: 1, clientX: 20 });
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 40 });
    expect(seen).toHaveBeenCalledTimes(3);
    document.body.removeEventListener('pointermove', seen);
  });

  it("during a drag, hides the dragging pointer's moves from listeners below window, but not from a capture listener on window", () => {
    setup();
    const below = vi.fn();
    const earlyOnWindow = vi.fn();
    const lateOnWindow = vi.fn();
    document.addEventListener('pointermove', below);
    window.addEventListener('pointermove', earlyOnWindow, { capture: true });
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 20, button: 0, pointerType: 'touch' });
    window.addEventListener('pointermove', lateOnWindow, { capture: true }); // added after the widget's own
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 40 });
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 60 });
    expect(below).not.toHaveBeenCalled();
    expect(earlyOnWindow).toHaveBeenCalledTimes(2);
    expect(lateOnWindow).toHaveBeenCalledTimes(2);
    fireEvent.pointerUp(track(), { pointerId: 1, clientX: 60 });
    fireEvent.pointerMove(track(), { pointerId: 1, clientX: 70 });
    expect(below).toHaveBeenCalledTimes(1);
    document.removeEventListener('pointermove', below);
    window.removeEventListener('pointermove', earlyOnWindow, { capture: true });
    window.removeEventListener('pointermove', lateOnWindow, { capture: true });
  });

  it('ignores the right mouse button', () => {
    setup();
    fireEvent.pointerDown(track(), { pointerId: 1, clientX: 125, pointerType: 'mouse', button: 2 });
    expect(widgetState()).toBe('ready');
  });

  it('renders nothing with React while the pointer moves', () => {
    const commits = vi.fn();
    render(
      <Profiler id="captcha" onRender={commits}>
        <PuzzleCaptcha show random={lowest} />
      </Profiler>,
    );
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 10, pointerType: 'touch' });
    const afterGrab = commits.mock.calls.length;
    for (let x = 11; x < 200; x += 3) fireEvent.pointerMove(track(), { pointerId: 1, clientX: x });
    expect(position()).toBeGreaterThan(150);
    expect(commits).toHaveBeenCalledTimes(afterGrab);
  });
});

describe('refresh', () => {
  it('brings a new picture and emits reset', async () => {
    const random = vi.fn(lowest);
    const { user, onReset } = setup({ random });
    const draws = random.mock.calls.length;
    await moveTo(user, 30);
    await user.click(screen.getByRole('button', { name: '换一张' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(random.mock.calls.length).toBeGreaterThan(draws);
    expect(valueNow()).toBe(0);
  });

  it('is disabled once the puzzle is solved', async () => {
    const { user } = setup();
    await moveTo(user, PASSING);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: '换一张' })).toBeDisabled();
  });

  it('replaces the failure banner and its pending reload with one new picture', async () => {
    const random = vi.fn(lowest);
    const { user, onReset } = setup({ random });
    slider().focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: '换一张' }));
    const draws = random.mock.calls.length;
    act(() => vi.advanceTimersByTime(2000));
    expect(random).toHaveBeenCalledTimes(draws); // the 800 ms reload was cancelled
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});

describe('closing the modal', () => {
  it('closes on Escape and on the close button', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes on a tap outside the box while idle', () => {
    const { onClose } = setup();
    const overlay = screen.getByRole('dialog').parentElement!;
    fireEvent.pointerDown(overlay);
    fireEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on a press inside that is released outside', () => {
    const { onClose } = setup();
    const overlay = screen.getByRole('dialog').parentElement!;
    fireEvent.pointerDown(screen.getByRole('dialog'));
    fireEvent.click(overlay);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close on a tap outside while dragging or submitting', async () => {
    const { user, onClose } = setup();
    const overlay = screen.getByRole('dialog').parentElement!;
    fireEvent.pointerDown(slider(), { pointerId: 1, clientX: 10, pointerType: 'touch' });
    fireEvent.pointerDown(overlay, { pointerId: 2 });
    fireEvent.click(overlay);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerUp(track(), { pointerId: 1, clientX: 10 + PASSING });
    expect(widgetState()).toBe('success');
    await user.pointer({ keys: '[MouseLeft]', target: overlay });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('moves focus to the slider, keeps Tab inside, and gives focus back when hidden', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { user, rerender } = setup();
    expect(slider()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(slider()).toHaveFocus();
    rerender({ show: false });
    expect(opener).toHaveFocus();
    opener.remove();
  });
});

describe('nothing is emitted after close', () => {
  it('drops a pending success when hidden', async () => {
    const { user, onSuccess, rerender } = setup();
    await moveTo(user, PASSING);
    await user.keyboard('{Enter}');
    rerender({ show: false });
    act(() => vi.advanceTimersByTime(5000));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('drops a pending success when unmounted', async () => {
    const { user, onSuccess, unmount } = setup();
    await moveTo(user, PASSING);
    await user.keyboard('{Enter}');
    unmount();
    act(() => vi.advanceTimersByTime(5000));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('drops the pending reload after a failure, and starts clean when shown again', async () => {
    const random = vi.fn(lowest);
    const { user, rerender } = setup({ random });
    slider().focus();
    await user.keyboard('{Enter}');
    rerender({ show: false });
    const draws = random.mock.calls.length;
    act(() => vi.advanceTimersByTime(5000));
    expect(random).toHaveBeenCalledTimes(draws);
    rerender({ show: true });
    expect(widgetState()).toBe('ready');
    expect(document.querySelector('.pcap-banner')).not.toBeInTheDocument();
    expect(slider()).toHaveAttribute('aria-disabled', 'false');
  });
});

describe('pictures', () => {
  let requested: PictureRequest[] = [];

  /** Pictures that load, or fail, 10 ms after their src is set. */
  const fakeImages = (fail: boolean) => {
    requested = stubImages({ fail, afterMs: 10 });
  };

  it('uses a generated picture, silently, when a picture fails to load', async () => {
    fakeImages(true);
    const errors = vi.spyOn(console, 'error');
    setup({ imgs: ['/broken.png'] });
    expect(widgetState()).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(widgetState()).toBe('ready');
    expect(requested).toEqual([{ src: '/broken.png', crossOrigin: 'anonymous' }]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('never shows the same picture twice in a row', async () => {
    fakeImages(false);
    const { user } = setup({ imgs: ['/a.png', '/b.png', '/c.png'], random: seededRandom(9) });
    for (let i = 0; i < 30; i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(20));
      await user.click(screen.getByRole('button', { name: '换一张' }));
    }
    const sources = requested.map((r) => r.src);
    expect(sources.length).toBeGreaterThan(30);
    expect(new Set(sources)).toEqual(new Set(['/a.png', '/b.png', '/c.png']));
    sources.slice(1).forEach((src, i) => expect(src).not.toBe(sources[i]));
  });

  it('does not repeat the last picture when shown again', async () => {
    fakeImages(false);
    const { rerender } = setup({ imgs: ['/a.png', '/b.png'] });
    await act(() => vi.advanceTimersByTimeAsync(20));
    rerender({ show: false });
    rerender({ show: true });
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(requested.map((r) => r.src)).toEqual(['/a.png', '/b.png']); // lowest draws: index 0, then the other
  });
});
