import { PIECE_BLEED } from './constants';
import { paintGap, paintGeneratedPicture, paintPiece, tracePiece, type PaintContext } from './draw';
import { createLayout } from './geometry';
import type { Knob, Knobs } from './puzzle';
import { seededRandom } from '../testing/seeded-random';

/** A context that records the extent of the traced path and every fill colour. */
function recordingContext() {
  const bounds = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
  const fills: string[] = [];
  let fillCount = 0;
  const point = (x: number, y: number) => {
    bounds.left = Math.min(bounds.left, x);
    bounds.right = Math.max(bounds.right, x);
    bounds.top = Math.min(bounds.top, y);
    bounds.bottom = Math.max(bounds.bottom, y);
  };
  const ctx = {
    fillStyle: '' as unknown,
    moveTo: point,
    lineTo: point,
    arc(x: number, y: number, r: number, start: number, end: number, anticlockwise?: boolean) {
      // sample the arc to find how far it reaches
      let to = end;
      if (!anticlockwise) while (to < start) to += 2 * Math.PI;
      else while (to > start) to -= 2 * Math.PI;
      for (let i = 0; i <= 32; i += 1) {
        const a = start + ((to - start) * i) / 32;
        point(x + r * Math.cos(a), y + r * Math.sin(a));
      }
    },
    fill() {
      fillCount += 1;
      fills.push(String(ctx.fillStyle));
    },
    fillRect() {
      fillCount += 1;
      fills.push(String(ctx.fillStyle));
    },
    createLinearGradient: () => ({ addColorStop() {} }),
  };
  const noop = () => {};
  for (const name of ['save', 'restore', 'beginPath', 'closePath', 'stroke', 'clip', 'drawImage', 'translate', 'rotate']) {
    (ctx as Record<string, unknown>)[name] = noop;
  }
  return { ctx: ctx as unknown as PaintContext, bounds, fills, fillCount: () => fillCount };
}

const TAGS: Knob[] = [-1, 0, 1];
const allKnobs: Knobs[] = TAGS.flatMap((top) =>
  TAGS.flatMap((right) => TAGS.flatMap((bottom) => ([0, 1] as const).map((left) => [top, right, bottom, left] as const))),
);

describe('tracePiece', () => {
  it('sticks a knob out for top -1, right +1 and bottom +1, and notches the left side for +1', () => {
    const unit = 15;
    const { ctx, bounds } = recordingContext();
    tracePiece(ctx, 100, 50, unit, [-1, 1, 1, 1]);
    expect(bounds.top).toBeCloseTo(50 - unit / 2, 6);
    expect(bounds.right).toBeCloseTo(100 + 3.5 * unit, 6);
    expect(bounds.bottom).toBeCloseTo(50 + 3.5 * unit, 6);
    expect(bounds.left).toBeCloseTo(100, 6); // a notch goes inwards
  });

  it('keeps a notched top inside the square', () => {
    const { ctx, bounds } = recordingContext();
    tracePiece(ctx, 0, 0, 10, [1, 0, 0, 0]);
    expect(bounds.top).toBeCloseTo(0, 6);
  });
});

describe('paintPiece and paintGap', () => {
  it('never cut the piece: every shape at every scale stays inside its column and the picture', () => {
    for (const puzzleScale of [0.2, 1, 2]) {
      const layout = createLayout({ puzzleScale, canvasWidth: 400, canvasHeight: 260 });
      const extremes = [
        { gapX: layout.pieceSize + 20, gapY: 20 },
        { gapX: layout.width - layout.pieceSize - 10, gapY: layout.height - layout.pieceSize - 10 },
      ];
      for (const knobs of allKnobs) {
        for (const gap of extremes) {
          const plan = { ...gap, knobs, imageIndex: -1 };
          const piece = recordingContext();
          paintPiece(piece.ctx, {} as CanvasImageSource, 1, plan, layout, 1);
          expect(piece.bounds.left).toBeGreaterThanOrEqual(PIECE_BLEED + 3 - 1e-9);
          expect(piece.bounds.right).toBeLessThanOrEqual(PIECE_BLEED + layout.pieceSize - 3 + 1e-9);
          const gapPath = recordingContext();
          paintGap(gapPath.ctx, plan, layout, 1);
          expect(gapPath.bounds.left).toBeGreaterThanOrEqual(0);
          expect(gapPath.bounds.top).toBeGreaterThanOrEqual(0);
          expect(gapPath.bounds.right).toBeLessThanOrEqual(layout.width);
          expect(gapPath.bounds.bottom).toBeLessThanOrEqual(layout.height);
        }
      }
    }
  });
});

describe('paintGeneratedPicture', () => {
  it('paints a background with channels in [100, 255], then 12 shapes and a light overlay', () => {
    for (const draw of [0, 0.99999]) {
      const { ctx, fills, fillCount } = recordingContext();
      paintGeneratedPicture(ctx, () => draw, 310, 160);
      const channels = /^rgb\((\d+),(\d+),(\d+)\)$/.exec(fills[0]!)!.slice(1).map(Number);
      expect(channels).toEqual(draw === 0 ? [100, 100, 100] : [255, 255, 255]);
      expect(fillCount()).toBe(1 + 12 + 1);
    }
  });

  it('paints a different picture for different draws', () => {
    const a = recordingContext();
    const b = recordingContext();
    paintGeneratedPicture(a.ctx, seededRandom(1), 310, 160);
    paintGeneratedPicture(b.ctx, seededRandom(2), 310, 160);
    expect(a.fills).not.toEqual(b.fills);
  });
});
