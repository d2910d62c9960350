import Value from 'typebox/value';
import { createLayout } from '../core/geometry';
import {
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  handleForPieceOffset,
  pieceOffsetForHandle,
  RETRY_AFTER_S,
  retryAfterSeconds,
  VERIFY_TRAIL_LIMIT,
  VerifyRequestSchema,
  VerifyResponseSchema,
} from './index';

describe('the handle-to-offset formula', () => {
  it('maps the handle onto the piece and back, for the default layout and a scaled one', () => {
    for (const layout of [createLayout({}), createLayout({ canvasWidth: 400, puzzleScale: 1.6, sliderSize: 70 })]) {
      const travel = layout.width - layout.sliderSize;
      expect(pieceOffsetForHandle(travel, layout)).toBeCloseTo(layout.width - layout.pieceSize);
      for (const handle of [0, 17.5, travel / 2, travel]) {
        expect(handleForPieceOffset(pieceOffsetForHandle(handle, layout), layout)).toBeCloseTo(handle);
      }
    }
  });

  it('gives 0 rather than NaN or Infinity when there is no travel', () => {
    expect(pieceOffsetForHandle(5, { width: 50, pieceSize: 30, sliderSize: 50 })).toBe(0);
    expect(handleForPieceOffset(5, { width: 50, pieceSize: 50, sliderSize: 20 })).toBe(0);
  });
});

describe('the bodies', () => {
  const point = { x: 1, y: 2, t: 3 };

  it('accepts what the widget sends and refuses what it never does', () => {
    expect(Value.Check(ChallengeRequestSchema, {})).toBe(true);
    expect(Value.Check(ChallengeRequestSchema, { pixelRatio: 2 })).toBe(true);
    expect(Value.Check(ChallengeRequestSchema, { pixelRatio: 2, gapX: 1 })).toBe(false);
    expect(Value.Check(VerifyRequestSchema, { id: 'a', offsetX: 120.5, trail: [point] })).toBe(true);
    expect(Value.Check(VerifyRequestSchema, { id: '', offsetX: 1, trail: [] })).toBe(false);
    expect(Value.Check(VerifyRequestSchema, { id: 'a', offsetX: 1e12, trail: [] })).toBe(false);
    expect(Value.Check(VerifyRequestSchema, { id: 'a', offsetX: 1, trail: [{ ...point, z: 1 }] })).toBe(false);
    expect(Value.Check(VerifyRequestSchema, { id: 'a', offsetX: 1, trail: Array(VERIFY_TRAIL_LIMIT + 1).fill(point) })).toBe(false);
  });

  it('describes the answers: a whole challenge, and y or n', () => {
    const challenge = { id: 'a', background: 'data:,', piece: 'data:,', pieceY: 40, width: 310, height: 160, pieceSize: 59, expiresAt: 1 };
    expect(Value.Check(ChallengeResponseSchema, challenge)).toBe(true);
    expect(Value.Check(ChallengeResponseSchema, { ...challenge, pieceY: undefined })).toBe(false);
    expect(Value.Check(VerifyResponseSchema, { status: 'y', token: 't' })).toBe(true);
    expect(Value.Check(VerifyResponseSchema, { status: 'maybe' })).toBe(false);
  });
});

describe('Retry-After as a wait', () => {
  it('reads delta-seconds and an HTTP date, bounded to [1, max]', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds(' 7 ')).toBe(7);
    expect(retryAfterSeconds('0')).toBe(1);
    expect(retryAfterSeconds('86400')).toBe(RETRY_AFTER_S.max);
    expect(retryAfterSeconds('99999999999999999999999')).toBe(RETRY_AFTER_S.max);
    const now = Date.parse('2026-11-29T04:00:00Z');
    expect(retryAfterSeconds('Sun, 29 Nov 2026 04:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 03:59:00 GMT', now)).toBe(1); // already past
  });

  it('gives the fallback for a missing, negative or unreadable header', () => {
    for (const header of [null, undefined, '', '-5', '1.5', 'soon', 'NaN']) expect(retryAfterSeconds(header)).toBe(RETRY_AFTER_S.fallback);
  });
});
