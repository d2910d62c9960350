import { canDismiss, canRefresh, canSlide, transition, type PuzzleEvent, type PuzzleStatus } from './machine';

const run = (from: PuzzleStatus, ...events: PuzzleEvent[]) => events.reduce(transition, from);

describe('puzzle status', () => {
  it('goes from hidden through loading to ready', () => {
    expect(run('hidden', 'show')).toBe('loading');
    expect(run('hidden', 'show', 'loaded')).toBe('ready');
  });

  it('drags, then submits to success', () => {
    expect(run('ready', 'grab')).toBe('dragging');
    expect(run('ready', 'grab', 'submit')).toBe('submitting');
    expect(run('ready', 'grab', 'submit', 'pass')).toBe('success');
  });

  it('submits from the keyboard without a drag', () => {
    expect(run('ready', 'submit', 'fail')).toBe('failure');
  });

  it('returns to ready when a drag is cancelled', () => {
    expect(run('ready', 'grab', 'cancel')).toBe('ready');
  });

  it('shows a failed server challenge as a failure, then tries again', () => {
    expect(run('loading', 'error')).toBe('failure');
    expect(run('loading', 'error', 'load', 'loaded')).toBe('ready');
    expect(run('ready', 'error')).toBe('ready');
  });

  it('waits out a refusal for now (429) from a fetch or an answer, then loads only when asked', () => {
    expect(run('loading', 'refuse')).toBe('waiting');
    expect(run('ready', 'submit', 'refuse')).toBe('waiting');
    for (const event of ['grab', 'submit', 'loaded', 'pass', 'fail', 'error'] as const) expect(run('waiting', event)).toBe('waiting');
    expect(run('waiting', 'load', 'loaded')).toBe('ready');
    expect(run('ready', 'refuse')).toBe('ready');
  });

  it('loads a new picture after a failure or a refresh', () => {
    expect(run('failure', 'load', 'loaded')).toBe('ready');
    expect(run('ready', 'load')).toBe('loading');
    expect(run('loading', 'load')).toBe('loading');
  });

  it('keeps success: no more sliding, no new picture', () => {
    for (const event of ['grab', 'submit', 'load', 'loaded', 'fail'] as const) expect(run('success', event)).toBe('success');
  });

  it('ignores events that do not apply', () => {
    expect(run('loading', 'grab')).toBe('loading');
    expect(run('loading', 'submit')).toBe('loading');
    expect(run('dragging', 'load')).toBe('dragging');
    expect(run('submitting', 'grab')).toBe('submitting');
    expect(run('hidden', 'loaded')).toBe('hidden');
  });

  it('hides from any status', () => {
    for (const status of ['loading', 'ready', 'dragging', 'submitting', 'success', 'failure', 'waiting'] as const) {
      expect(transition(status, 'hide')).toBe('hidden');
    }
  });
});

describe('what each status allows', () => {
  it('slides only once the picture is there and before a verdict', () => {
    expect(['ready', 'dragging'].every((s) => canSlide(s as PuzzleStatus))).toBe(true);
    expect(['loading', 'submitting', 'success', 'failure', 'waiting'].some((s) => canSlide(s as PuzzleStatus))).toBe(false);
  });

  it('closes on a tap outside only when no drag or submission is under way', () => {
    expect(canDismiss('ready') && canDismiss('loading') && canDismiss('waiting')).toBe(true);
    expect(['dragging', 'submitting', 'success', 'failure'].some((s) => canDismiss(s as PuzzleStatus))).toBe(false);
  });

  it('refreshes except while dragging or after a success', () => {
    expect(['loading', 'ready', 'failure'].every((s) => canRefresh(s as PuzzleStatus))).toBe(true);
    expect(['dragging', 'submitting', 'success', 'waiting'].some((s) => canRefresh(s as PuzzleStatus))).toBe(false); // a wait ends in its retry
  });
});
