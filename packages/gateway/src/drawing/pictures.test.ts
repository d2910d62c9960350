import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PIECE_BLEED } from '@game-register/puzzle-captcha/core';
import {
  paintGap,
  paintGeneratedPicture,
  paintPuzzle,
  puzzleCanvasSizes,
  tracePiece,
  type PaintContext,
  type PaintSource,
  type PuzzleContext,
} from '@game-register/puzzle-captcha/core';
import { planPuzzle } from '@game-register/puzzle-captcha/core';
import type { RandomSource } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { outlineBounds, pixelBounds, type Bounds } from '@game-register/puzzle-captcha/testing';
import {
  CHALLENGE_LAYOUT as layout,
  challengeCanvases,
  challengePixelRatio,
  clampPixelRatio,
  drawChallenge,
  imageMimeType,
  paintChallenge,
  unpremultiply,
} from './pictures';

function expectNear(actual: Bounds | null, expected: Bounds, slack: number) {
  expect(actual).not.toBeNull();
  for (const side of ['left', 'top', 'right', 'bottom'] as const)
    expect(Math.abs(actual![side] - expected[side])).toBeLessThanOrEqual(slack);
}

/** A source that starts with `first` and then follows the seed: the same puzzle but for the gap's x. */
const startingWith = (first: number, seed: number): RandomSource => {
  const rest = seededRandom(seed);
  let used = false;
  return () => (used ? rest() : ((used = true), first));
};

describe('server pictures (the core drawing on @napi-rs/canvas)', () => {
  it.each([1, 2, 3])(
    "draws the guarded piece as its gap's very shape, full size and upright (as every decoy is), at pixel ratio %i",
    (ratio) => {
      const { plan, guard, piece } = paintChallenge(seededRandom(20240607), ratio);
      if (guard === null) throw new Error('a guarded picture has its guard');
      expect(piece.width).toBe(Math.round((layout.pieceSize + 2 * PIECE_BLEED) * ratio));
      // The same outline, traced on a clean canvas, covers the same pixels.
      const reference = createCanvas(piece.width, piece.height);
      const ctx = reference.getContext('2d');
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      tracePiece(ctx as unknown as PaintContext, PIECE_BLEED + 3, plan.gapY, layout.unit, plan.knobs);
      ctx.fillStyle = '#fff';
      ctx.fill();
      const solid = (canvas: typeof piece) =>
        canvas
          .getContext('2d')
          .getImageData(0, 0, canvas.width, canvas.height)
          .data.filter((_, i) => i % 4 === 3)
          .map((a) => (a > 200 ? 1 : 0));
      const [drawn, traced] = [solid(piece), solid(reference)];
      const both = drawn.reduce((sum, value, i) => sum + (value & traced[i]!), 0);
      const either = drawn.reduce((sum, value, i) => sum + (value | traced[i]!), 0);
      expect(both / either).toBeGreaterThan(0.95);
    },
  );

  it('paints the gap over exactly the outline at the planned x and y', () => {
    const ratio = 2;
    const canvas = createCanvas(layout.width * ratio, layout.height * ratio);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const random = seededRandom(7);
    const plan = planPuzzle(random, layout, 0, -1);
    paintGeneratedPicture(ctx as unknown as PaintContext, random, layout.width, layout.height);
    const before = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    paintGap(ctx as unknown as PaintContext, plan, layout, ratio);
    const after = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const changed = pixelBounds(canvas.width, canvas.height, ratio, (i) => Math.abs(before[i * 4]! - after[i * 4]!) > 8);
    expectNear(changed, outlineBounds(plan.gapX, plan.gapY, plan, layout), 1.5);
  });

  it('gives a piece whose shape and place do not depend on the gap x', () => {
    const near = paintChallenge(startingWith(0, 11), 2);
    const far = paintChallenge(startingWith(0.999, 11), 2);
    expect(far.plan.gapX - near.plan.gapX).toBeGreaterThan(100);
    expect({ ...far.plan, gapX: 0 }).toEqual({ ...near.plan, gapX: 0 });
    const alpha = (canvas: typeof near.piece) =>
      Array.from(
        canvas
          .getContext('2d')
          .getImageData(0, 0, canvas.width, canvas.height)
          .data.filter((_, i) => i % 4 === 3),
      );
    expect(alpha(far.piece)).toEqual(alpha(near.piece));
  });

  it.each([
    [1, 'image/png'],
    [2, 'image/png'],
    [3, 'image/webp'],
  ])(
    'encodes the picture as JPEG and the piece as a picture that keeps its transparency at pixel ratio %i (%s)',
    async (ratio, pieceType) => {
      const pictures = await drawChallenge(seededRandom(3), ratio);
      expect([imageMimeType(pictures.background), imageMimeType(pictures.piece)]).toEqual(['image/jpeg', pieceType]);
      const background = await loadImage(pictures.background);
      const piece = await loadImage(pictures.piece);
      expect([background.width, background.height]).toEqual([layout.width * ratio, layout.height * ratio]);
      expect([piece.width, piece.height]).toEqual([(layout.pieceSize + 2 * PIECE_BLEED) * ratio, layout.height * ratio]);
      // Its alpha as painted, within one of WebP's 56 quantised levels (alphaQuality 75), most of it exactly.
      const decoded = createCanvas(piece.width, piece.height);
      decoded.getContext('2d').drawImage(piece, 0, 0);
      const alpha = (canvas: typeof decoded) =>
        canvas
          .getContext('2d')
          .getImageData(0, 0, canvas.width, canvas.height)
          .data.filter((_, i) => i % 4 === 3);
      const [painted, sent] = [alpha(paintChallenge(seededRandom(3), ratio).piece), alpha(decoded)];
      expect(painted.filter((value) => value === 0).length / painted.length).toBeGreaterThan(0.5);
      expect(sent.every((value, i) => Math.abs(value - painted[i]!) <= 8)).toBe(true);
      expect(sent.filter((value, i) => value === painted[i]).length / sent.length).toBeGreaterThan(0.8);
    },
  );

  it('names no type for bytes that are not a picture it encodes', () => {
    expect(() => imageMimeType(Buffer.from('GIF89a'))).toThrow(/not a JPEG, PNG or WebP/);
  });

  it('unpremultiplies only the partly transparent pixels, as libvips gets them', () => {
    const pixels = Uint8Array.from([0, 64, 127, 127, 10, 20, 30, 255, 0, 0, 0, 0]);
    expect([...unpremultiply(pixels)]).toEqual([0, 129, 255, 127, 10, 20, 30, 255, 0, 0, 0, 0]);
  });

  it('clamps the pixel ratio to [1, 3] and defaults to 1', () => {
    expect([clampPixelRatio(0.5), clampPixelRatio(2.5), clampPixelRatio(9), clampPixelRatio('2'), clampPixelRatio(Number.NaN)]).toEqual([
      1, 2.5, 3, 1, 1,
    ]);
  });

  it('draws a challenge at the asked ratio rounded up, so a stock per whole ratio serves every phone as sharp', () => {
    expect([0.5, 1, 1.5, 2, 2.625, 3, 9, 'x'].map(challengePixelRatio)).toEqual([1, 1, 2, 2, 3, 3, 3, 1]);
  });

  it('paints the same puzzle on canvases painted before as on new ones', () => {
    const reused = challengeCanvases(2);
    paintChallenge(seededRandom(1), 2, layout, reused);
    reused.piece.getContext('2d').save(); // a draw that threw halfway leaves its state behind
    paintChallenge(seededRandom(2), 2, layout, reused);
    const fresh = paintChallenge(seededRandom(2), 2);
    const pixels = (canvas: typeof fresh.board) => canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    expect(Buffer.from(pixels(reused.board)).equals(Buffer.from(pixels(fresh.board)))).toBe(true);
    expect(Buffer.from(pixels(reused.piece)).equals(Buffer.from(pixels(fresh.piece)))).toBe(true);
  });
});

describe('paintPuzzle on @napi-rs/canvas (the sequence the widget paints with)', () => {
  it('paints a loaded picture, cuts the piece from it and darkens the gap', () => {
    const ratio = 2;
    const photo = createCanvas(620, 320);
    const photoContext = photo.getContext('2d');
    photoContext.fillStyle = 'rgb(255,0,0)';
    photoContext.fillRect(0, 0, 620, 320);
    const plan = planPuzzle(seededRandom(5), layout, 0, -1);
    const sizes = puzzleCanvasSizes(layout, ratio);
    const board = createCanvas(sizes.board.width, sizes.board.height);
    const piece = createCanvas(sizes.piece.width, sizes.piece.height);
    const surface = (canvas: typeof board) => ({
      context: canvas.getContext('2d') as unknown as PuzzleContext,
      width: canvas.width,
      height: canvas.height,
    });
    paintPuzzle(
      { ...surface(board), canvas: board as unknown as PaintSource },
      surface(piece),
      { image: photo as unknown as PaintSource, width: 620, height: 320 },
      plan,
      layout,
      ratio,
    );

    const pixel = (canvas: typeof board, x: number, y: number) => [
      ...canvas.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data,
    ];
    const middle = 1.5 * layout.unit;
    expect(pixel(piece, PIECE_BLEED + 3 + middle, plan.gapY + middle)).toEqual([255, 0, 0, 255]); // the piece shows the picture
    expect(pixel(piece, 1, 1)[3]).toBe(0); // and nothing outside its outline
    const gap = pixel(board, plan.gapX + middle, plan.gapY + middle);
    expect(gap[0]).toBeGreaterThan(120);
    expect(gap[0]).toBeLessThan(160); // 45% black over red
    expect(pixel(board, 5, 5)).toEqual([255, 0, 0, 255]);
  });
});
