import { PIECE_BLEED } from './constants';
import type { PaintSource } from './draw';
import { createLayout } from './geometry';
import { paintPuzzle, puzzleCanvasSizes, type PuzzleContext } from './paint-puzzle';
import type { PuzzlePlan } from './puzzle';
import { seededRandom } from '../testing/seeded-random';

/** A context that logs every call and property write in order, tagged with its canvas's name. */
function loggingContext(name: string, log: string[]) {
  const target: Record<string, unknown> = {};
  return new Proxy(target, {
    get(_target, key) {
      if (key === 'createLinearGradient') return () => ({ addColorStop() {} });
      if (typeof key !== 'string') return undefined;
      if (key in target) return target[key];
      return (...args: unknown[]) => {
        log.push(
          `${name}.${key}(${args.map((arg) => (typeof arg === 'object' ? ((arg as { name?: string }).name ?? 'object') : String(arg))).join(',')})`,
        );
      };
    },
    set(_target, key, value) {
      target[String(key)] = value;
      log.push(`${name}.${String(key)}=${String(value)}`);
      return true;
    },
  }) as unknown as PuzzleContext;
}

const layout = createLayout({});
const plan: PuzzlePlan = { gapX: 120, gapY: 40, knobs: [1, 1, 1, 1], imageIndex: -1 };

function paint(scale: number, picture: Parameters<typeof paintPuzzle>[2]) {
  const log: string[] = [];
  const sizes = puzzleCanvasSizes(layout, scale);
  const boardCanvas = { name: 'boardCanvas' } as unknown as PaintSource;
  paintPuzzle(
    { context: loggingContext('board', log), canvas: boardCanvas, ...sizes.board },
    { context: loggingContext('piece', log), ...sizes.piece },
    picture,
    plan,
    layout,
    scale,
  );
  return log;
}

describe('paintPuzzle, the one painting sequence of widget and server', () => {
  it('sizes the board and the piece column in device pixels', () => {
    expect(puzzleCanvasSizes(layout, 3)).toEqual({
      board: { width: 930, height: 480 },
      piece: { width: (layout.pieceSize + 2 * PIECE_BLEED) * 3, height: 480 },
    });
    expect(puzzleCanvasSizes(layout, 1.5).board).toEqual({ width: 465, height: 240 });
  });

  it('scales both canvases to canvas units, then paints picture, piece (cut from the board), gap', () => {
    const log = paint(2, { random: seededRandom(3) });
    expect(log[0]).toBe('board.setTransform(2,0,0,2,0,0)');
    expect(log[1]).toBe('piece.setTransform(2,0,0,2,0,0)');
    const cut = log.findIndex((line) => line.startsWith('piece.drawImage(boardCanvas,'));
    const gapFill = log.indexOf('board.fillStyle=rgba(0,0,0,0.45)');
    const pictureLight = log.lastIndexOf('board.fillRect(0,0,310,160)');
    expect(pictureLight).toBeGreaterThan(1);
    expect(cut).toBeGreaterThan(pictureLight);
    expect(gapFill).toBeGreaterThan(cut);
    // The piece's source rectangle is the gap's column of the board, in the board's device pixels.
    expect(log[cut]).toBe(
      `piece.drawImage(boardCanvas,${(plan.gapX - 3) * 2},0,${layout.pieceSize * 2},320,${PIECE_BLEED},0,${layout.pieceSize},160)`,
    );
    // Shadows are in device pixels.
    expect(log).toContain('piece.shadowBlur=10');
    expect(log).toContain('board.shadowBlur=12');
  });

  it('paints a loaded image cropped like object-fit: cover instead of a generated picture', () => {
    const image = { name: 'photo' } as unknown as PaintSource;
    const log = paint(1, { image, width: 620, height: 160 });
    expect(log.slice(2, 5)).toEqual([
      'board.fillStyle=#fff',
      'board.fillRect(0,0,310,160)',
      'board.drawImage(photo,155,0,310,160,0,0,310,160)',
    ]);
    expect(log.some((line) => line.startsWith('piece.drawImage(boardCanvas,'))).toBe(true);
  });
});
