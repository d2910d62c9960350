// Server mode, a chunk of its own: loaded only when the widget is given a `server` prop (preloaded as soon
// as it is), so a puzzle judged in the browser never downloads it. The session (use-puzzle-session.ts)
// hands it the puzzle's canvases and its releases; here are the challenge and its retries, the verify, the
// proof-of-work job, and 无障碍验证 with its panel and its button.
import type { CSSProperties, ReactNode } from 'react';
import type { CHALLENGE_RETRY_MS } from '../core/constants';
import type { PuzzleLayout } from '../core/geometry';
import type { PuzzleEvent, PuzzleStatus } from '../core/machine';
import { createTrailRecorder, type TrailPoint } from '../core/trail';
import { solveWork, type WorkSolution, type WorkTask } from '../work/lazy-solve-work';
import type { BoardElements, deviceScale, sizeCanvases } from './board-canvas';
import type { loadImage } from './load';
import type { ChallengeSource, ChallengeVerifier, PuzzleServer, PuzzleVerdict, ServerChallenge } from './types';

const TEXTS = {
  accessible: '无障碍验证',
  intro: '无需看图或拖动：本设备正在自动完成一项计算验证，请稍候',
  progress: (percent: number) => `无障碍验证进行中，已完成 ${percent}%`,
  cancel: '取消',
} as const;

/**
 * The widget's own helpers and settings, handed over rather than imported: this chunk then shares no module
 * with the widget's chunk, which would otherwise export them to it (and build a namespace object for it).
 */
export interface BoardTools {
  loadImage: typeof loadImage;
  deviceScale: typeof deviceScale;
  sizeCanvases: typeof sizeCanvases;
  /** IMAGE_TIMEOUT_MS: no call to the server waits longer. */
  timeout: number;
  /** MAX_PIXEL_RATIO: the highest scale a challenge is asked at. */
  maxScale: number;
  retry: typeof CHALLENGE_RETRY_MS;
}

/** What server mode drives in the session it serves. */
export interface ServerSession {
  tools: BoardTools;
  /** The widget's `server` prop as it is now. */
  server: () => PuzzleServer | undefined;
  status: () => PuzzleStatus;
  send: (event: PuzzleEvent) => PuzzleStatus;
  settle: (pass: boolean, result: PuzzleVerdict) => void;
  /** Asks for another puzzle now (the session's picture request). */
  again: () => void;
  /** Starts `run` after `ms`, replacing the session's pending retry; hiding clears it. */
  retry: (ms: number, run: () => void) => void;
  /** Renders the widget with server mode's own parts. */
  show: (view: ServerView) => void;
}

/** Server mode's parts of the widget, rendered by it. */
export interface ServerView {
  /** The 无障碍验证 panel over the picture while it runs. */
  panel: ReactNode;
  /** The button that starts it, when the server offers it; enabled while the puzzle is ready. */
  offer: (ready: boolean) => ReactNode;
  /** What the live region says instead of the verdict while it runs. */
  announcement: string | null;
}

export type ServerMode = ReturnType<typeof createServerMode>;

/** The work of the puzzle on the board, solving in a Web Worker from the moment the challenge arrives. */
interface WorkJob {
  id: string;
  task: WorkTask;
  /** Settles with the solution, or null if it could not be had (aborted, refused task). */
  result: Promise<WorkSolution | null>;
  solution: WorkSolution | null;
}

/**
 * The promise, or a rejection after `ms`: a server that never answers must not hold the widget.
 * `onTimeout` runs when the time is up (to abort the request behind the promise).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error('timeout'));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Checking what a server answers: a challenge must fit the widget's layout, a verdict is a yes only if it says so. */
function fitsLayout(value: unknown, layout: PuzzleLayout): value is ServerChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { id, background, piece, width, height, pieceSize } = value as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && typeof background === 'string' && typeof piece === 'string' &&
    width === layout.width && height === layout.height && pieceSize === layout.pieceSize;
}

/**
 * Asks for a puzzle at the board's scale, loads its pictures and draws them to fill the board and the piece
 * column; resolves with the challenge. `controller` is aborted by the caller (hidden, unmounted, superseded)
 * and here on the timeout.
 */
export async function loadServerPuzzle(
  { loadImage, deviceScale, sizeCanvases, timeout, maxScale }: BoardTools,
  challenge: ChallengeSource,
  elements: BoardElements,
  layout: PuzzleLayout,
  controller: AbortController,
): Promise<ServerChallenge> {
  const { signal } = controller;
  const scale = Math.min(Math.max(deviceScale(elements.stage, layout), 1), maxScale);
  const puzzle: unknown = await withTimeout(challenge({ pixelRatio: Math.round(scale * 100) / 100 }, signal), timeout, () => controller.abort());
  if (signal.aborted) throw new Error('aborted');
  if (!fitsLayout(puzzle, layout)) throw new Error('the challenge does not fit this layout');
  const [background, pieceImage] = await Promise.all([
    loadImage(puzzle.background, timeout, signal),
    loadImage(puzzle.piece, timeout, signal),
  ]);
  if (signal.aborted) throw new Error('aborted');
  sizeCanvases(elements, layout);
  const { board, piece } = elements;
  board.getContext('2d')?.drawImage(background, 0, 0, board.width, board.height);
  piece.getContext('2d')?.drawImage(pieceImage, 0, 0, piece.width, piece.height);
  return puzzle;
}

/** A server's yes with its token; anything else is a no. */
const verdictOf = (reply: { pass?: unknown; token?: unknown } | null | undefined) => ({
  pass: reply?.pass === true,
  token: typeof reply?.token === 'string' ? reply.token : undefined,
});

/** The server's verdict on a release; a network error, a timeout or a strange answer is a no. */
export async function askVerifier(timeout: number, verify: ChallengeVerifier, answer: { id: string; offsetX: number; trail: TrailPoint[]; work?: unknown }, controller: AbortController) {
  try {
    return verdictOf(await withTimeout(verify(answer, controller.signal), timeout, () => controller.abort()));
  } catch {
    return verdictOf(null); // network or server trouble: a failure, and a new puzzle follows
  }
}

/** What the browser can say about a server-judged release: the gap, hence deviation and pinX, is unknown. */
export const serverVerdict = (offsetX: number, token?: string): PuzzleVerdict => ({ deviation: NaN, offsetX, pinX: NaN, ...(token ? { token } : {}) });

// 无障碍验证's styles live with it, in this chunk, not in the stylesheet every puzzle fetches.
const INK = '#3d4350'; // 10:1 on white: small text stays readable
const PANEL: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  height: '100%',
  zIndex: 3,
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  alignItems: 'center',
  justifyContent: 'center',
  padding: '8px 16px',
  background: '#eceff3',
  color: INK,
  fontSize: 13,
  textAlign: 'center',
};
const BUTTON: CSSProperties = {
  minHeight: 36,
  padding: '0 14px',
  border: '1px solid #c9ced6',
  borderRadius: 18,
  background: '#fff',
  color: INK,
  font: 'inherit',
  fontSize: 13,
  cursor: 'pointer',
  touchAction: 'manipulation',
};
const TEXT: CSSProperties = { margin: 0 };
const PERCENT: CSSProperties = { margin: 0, fontSize: 18, fontWeight: 600, fontVariantNumeric: 'tabular-nums' };
/** The offer below the track: a link-like button with a touch target of its own. */
const offerStyle = (ready: boolean): CSSProperties => ({
  ...BUTTON,
  display: 'block',
  minHeight: 44,
  margin: '10px auto 0',
  border: 0,
  background: 'none',
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  ...(ready ? {} : { color: '#9aa1ad', cursor: 'default' }),
});

/** The cancel button takes the focus when the panel appears: the button that started it is disabled now. */
const focus = (element: HTMLElement | null) => element?.focus();

/** One shown widget's server mode; `dispose` when it hides. */
export function createServerMode(session: ServerSession) {
  /** The server puzzle on the board, until its one verify. */
  let served: string | null = null;
  let failures = 0;
  /** The verify under way: aborted when the widget hides. */
  let verifying: AbortController | null = null;
  let job: WorkJob | null = null;
  let offered = false;
  /** 无障碍验证 under way: its calls and work (aborted on cancel or hide), how far the work is. */
  let run: AbortController | null = null;
  let percent = 0;

  const cancel = () => {
    if (!run) return;
    run.abort();
    run = null;
    render();
    session.again();
  };

  /** 无障碍验证: no picture, no drag; a harder task is solved in a worker and is the whole answer. */
  const start = () => {
    const path = session.server()?.accessible;
    if (!path || session.status() !== 'ready' || session.send('submit') !== 'submitting') return;
    served = null;
    const controller = new AbortController();
    run = controller;
    const { signal } = controller;
    const progress = (value: number) => {
      percent = value;
      render();
    };
    progress(0);
    path
      .challenge(signal)
      .then(async (offer) => {
        const solution = await solveWork(offer.work, {
          signal,
          onProgress: (tried) => progress(Math.min(99, Math.floor((tried * 100) / Math.max(1, offer.maxCounter)))),
        });
        return verdictOf(await path.verify({ id: offer.id, work: { task: offer.work, solution } }, signal));
      })
      .catch(() => verdictOf(null))
      .then(({ pass, token }) => {
        if (signal.aborted) return; // cancelled or hidden
        run = null;
        render();
        session.settle(pass, serverVerdict(NaN, pass ? token : undefined));
      });
  };

  function render() {
    session.show({
      panel: run && (
        <div style={PANEL}>
          <span className="pcap-spinner" aria-hidden />
          <p style={TEXT}>{TEXTS.intro}</p>
          <p style={PERCENT} aria-hidden>{percent}%</p>
          <button ref={focus} type="button" style={BUTTON} onClick={cancel}>
            {TEXTS.cancel}
          </button>
        </div>
      ),
      offer: (ready) => offered && (
        <button type="button" style={offerStyle(ready)} disabled={!ready} onClick={start}>
          {TEXTS.accessible}
        </button>
      ),
      // Announced in quarters, not at every percent.
      announcement: run && TEXTS.progress(Math.floor(percent / 25) * 25),
    });
  }

  return {
    /** The drags' trails, sent with the answers: kept only here, so a puzzle judged in the browser records none. */
    trail: createTrailRecorder(),

    /** Whether a server puzzle is on the board, waiting for its answer. */
    served: () => served !== null,

    /**
     * Draws the next puzzle on the canvases. The request's signal fires on hiding or on another request (the
     * returned function, which makes the result moot) and on the timeout.
     */
    load(canvases: BoardElements, layout: PuzzleLayout, controller: AbortController) {
      served = null;
      let moot = false;
      const server = session.server();
      if (server) {
        loadServerPuzzle(session.tools, server.challenge, canvases, layout, controller).then(
          (puzzle) => {
            if (moot) return;
            served = puzzle.id;
            failures = 0;
            // The work starts at once, off the main thread: it is usually done before the visitor has answered.
            const task = puzzle.work;
            job = null;
            if (task) {
              const next: WorkJob = { id: puzzle.id, task, solution: null, result: Promise.resolve(null) };
              next.result = solveWork(task, { signal: controller.signal }).then(
                (solution) => (next.solution = solution),
                () => null,
              );
              job = next;
            }
            offered = puzzle.accessible === true && session.server()?.accessible !== undefined;
            render();
            session.send('loaded');
          },
          () => {
            if (moot) return;
            session.send('error'); // the failure banner; another puzzle is asked for later and later
            const { retry } = session.tools;
            session.retry(Math.min(retry.first * 2 ** failures, retry.max), session.again);
            failures += 1;
          },
        );
      }
      return () => {
        moot = true;
        controller.abort();
      };
    },

    /** Sends a release to the verifier with the solved work: if the worker is not done yet, the answer waits for it. */
    submit(offsetX: number, trail: TrailPoint[]) {
      const id = served;
      const server = session.server();
      if (id === null || !server) return;
      served = null;
      const controller = new AbortController();
      verifying = controller;
      const work = job?.id === id ? job : null;
      const ask = (solution: WorkSolution | null) => {
        if (verifying !== controller) return; // hidden meanwhile
        if (work && !solution) {
          // The work was stopped (the puzzle was replaced) or could not be done: a server would only count
          // the answer as a failure against this visitor, so it is not sent; a new puzzle follows.
          verifying = null;
          session.settle(false, serverVerdict(offsetX));
          return;
        }
        const solved = work && solution ? { task: work.task, solution } : undefined;
        void askVerifier(session.tools.timeout, server.verify, { id, offsetX, trail, ...(solved ? { work: solved } : {}) }, controller).then(({ pass, token }) => {
          if (verifying !== controller) return; // hidden meanwhile: nothing more happens
          verifying = null;
          session.settle(pass, serverVerdict(offsetX, token));
        });
      };
      if (work && !work.solution) void work.result.then(ask);
      else ask(work?.solution ?? null);
    },

    /** The widget hides: the verify and 无障碍验证 under way stop, their late answers are dropped. */
    dispose() {
      verifying?.abort();
      verifying = null;
      run?.abort();
      run = null;
    },
  };
}
