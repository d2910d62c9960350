import {
  canvasXFromClient,
  clampHandle,
  coverSource,
  createLayout,
  gapXRange,
  gapYRange,
  handleForPointer,
  handleMax,
  pieceOffsetForHandle,
  pieceSizeForScale,
  sliderSizeFor,
} from './geometry';

describe('sizes', () => {
  it('makes the piece round(clamp(scale, 0.2, 2) * 52.5 + 6)', () => {
    expect(pieceSizeForScale(1)).toBe(59);
    expect(pieceSizeForScale(0.5)).toBe(32);
    expect(pieceSizeForScale(0.05)).toBe(17);
    expect(pieceSizeForScale(2)).toBe(111);
    expect(pieceSizeForScale(9)).toBe(111);
  });

  it('makes the handle clamp(round(sliderSize), 10, round(W / 2))', () => {
    expect(sliderSizeFor(50, 310)).toBe(50);
    expect(sliderSizeFor(49.6, 310)).toBe(50);
    expect(sliderSizeFor(3, 310)).toBe(10);
    expect(sliderSizeFor(400, 310)).toBe(155);
    expect(sliderSizeFor(400, 301)).toBe(151);
  });

  it('uses the defaults 310 x 160, piece 59 and handle 50', () => {
    expect(createLayout({})).toMatchObject({ width: 310, height: 160, pieceSize: 59, sliderSize: 50 });
  });

  it('falls back to the defaults for values that are not numbers', () => {
    expect(createLayout({ canvasWidth: Number.NaN, puzzleScale: Number.POSITIVE_INFINITY })).toMatchObject({ width: 310, pieceSize: 59 });
  });

  it('keeps the shape inside the piece: 3 units of margin on each side at every scale', () => {
    for (const puzzleScale of [0.2, 0.7, 1, 1.5, 2, 5]) {
      const { pieceSize, unit } = createLayout({ puzzleScale });
      expect(3 + 3.5 * unit + 3).toBeCloseTo(pieceSize, 9);
    }
  });
});

describe('gap ranges', () => {
  it('are [size+20, W-size-10] and [20, H-size-10]', () => {
    const layout = createLayout({});
    expect(gapXRange(layout)).toEqual({ min: 79, max: 241 });
    expect(gapYRange(layout)).toEqual({ min: 20, max: 91 });
  });
});

describe('handle and piece', () => {
  const layout = createLayout({});

  it('lets the handle travel [0, W - s]', () => {
    expect(handleMax(layout)).toBe(260);
    expect(clampHandle(-5, layout)).toBe(0);
    expect(clampHandle(300, layout)).toBe(260);
    expect(clampHandle(120.5, layout)).toBe(120.5);
  });

  it('moves the piece u = d * (W - p) / (W - s)', () => {
    expect(pieceOffsetForHandle(0, layout)).toBe(0);
    expect(pieceOffsetForHandle(260, layout)).toBe(251);
    expect(pieceOffsetForHandle(100, layout)).toBeCloseTo((100 * 251) / 260, 12);
  });

  it('maps a pointer to the handle keeping the grab point, clamped to the track', () => {
    expect(handleForPointer(130, 20, layout)).toBe(110);
    expect(handleForPointer(10, 25, layout)).toBe(0);
    expect(handleForPointer(400, 25, layout)).toBe(260);
  });

  it('converts client pixels to canvas units through the measured box when the box is scaled down', () => {
    const box = { left: 24, width: 272 };
    expect(canvasXFromClient(24, box, layout)).toBe(0);
    expect(canvasXFromClient(24 + 272, box, layout)).toBe(310);
    expect(canvasXFromClient(24 + 136, box, layout)).toBe(155);
  });
});

describe('coverSource', () => {
  it('crops the sides of a wide picture and keeps its full height', () => {
    expect(coverSource(1000, 200, 310, 160)).toEqual({ x: (1000 - 387.5) / 2, y: 0, width: 387.5, height: 200 });
  });

  it('crops the top and bottom of a tall picture and keeps its full width', () => {
    const crop = coverSource(300, 600, 310, 160);
    expect(crop.x).toBeCloseTo(0, 9);
    expect(crop.width).toBeCloseTo(300, 9);
    expect(crop.height).toBeCloseTo((300 * 160) / 310, 9);
    expect(crop.y).toBeCloseTo((600 - crop.height) / 2, 9);
  });
});
