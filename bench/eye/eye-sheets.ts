// The looking test's sheets (eye.ts): one puzzle per sheet, drawn as the server draws it (the gateway's
// paintChallenge and encodeChallenge, from a fixed seed), then shown at a phone's size with the piece laid over
// the picture at every place a drag would stop at a gap, each panel labelled in a shuffled order. Nothing on a
// sheet tells which panel is right; the key (eye.ts writes it, by default to bench-results/eye/key.json) is kept apart.
import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { PIECE_BLEED, PIECE_INSET, type PuzzleLayout } from '@game-register/puzzle-captcha/core';
import { PASS_TOLERANCE } from '@game-register/puzzle-captcha/protocol';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { CHALLENGE_LAYOUT, challengeCanvases, encodeChallenge, paintChallenge } from '@game-register/gateway/internals';
import { LEVEL_POLICY } from '@game-register/gateway/policy';

export type Level = 0 | 1 | 2 | 3;
/** A phone's width in CSS px and the device scale the sheets are drawn at (sharp on a phone's screen). */
export const PHONE_WIDTH = 390;
export const SHEET_SCALE = 2;
/** The picture is shown as the widget shows it on a phone: its own 310 x 160 CSS px. */
const [LABEL_WIDTH, PANEL_GAP] = [34, 10];
/** The plain picture's nearby places: the true one and others just outside the tolerance on both sides. */
export const PLAIN_OFFSETS = [-2 * PASS_TOLERANCE, -PASS_TOLERANCE, 0, PASS_TOLERANCE, 2 * PASS_TOLERANCE];
const LABELS = 'ABCDEFGHIJKLMNOP';

/** The seed of a sheet: its level and index, a family of its own (bench:bots uses others). */
export const sheetSeed = (level: Level, index: number) => 424_243 + 100_019 * level + 7_933 * index;

export interface SheetKey {
  sheet: string;
  seed: number;
  level: Level;
  design: string;
  picture: 'plain' | 'guarded';
  /** The piece's offset (canvas units) that passes: its gap's x less the piece's inset. */
  answer: number;
  /** Every panel's label and the piece's offset on it, in the order they are shown. */
  panels: { label: string; offsetX: number }[];
  right: string;
}

/** Fisher-Yates with the sheet's own source, so a sheet's order is fixed by its seed. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The places a drag would stop at: each gap and outline of the guarded picture; nearby places on the plain one. */
function stopsFor(answer: number, guard: { decoys: number[]; ghosts: number[] } | null, layout: PuzzleLayout): number[] {
  const max = layout.width - layout.sliderSize;
  if (guard === null) return PLAIN_OFFSETS.map((offset) => answer + offset).filter((x) => x >= 0 && x <= max);
  return [answer, ...guard.decoys.map((x) => x - PIECE_INSET), ...guard.ghosts.map((x) => x - PIECE_INSET)].map((x) =>
    Math.min(max, Math.max(0, x)),
  );
}

function drawPanel(ctx: SKRSContext2D, top: number, label: string, board: Image, piece: Image, offsetX: number, layout: PuzzleLayout) {
  const left = LABEL_WIDTH;
  ctx.fillStyle = '#222';
  ctx.font = 'bold 22px sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, 8, top + layout.height / 2);
  ctx.drawImage(board, left, top, layout.width, layout.height);
  const pieceWidth = layout.pieceSize + 2 * PIECE_BLEED;
  ctx.drawImage(piece, left + offsetX - PIECE_BLEED, top, pieceWidth, layout.height);
}

/** One sheet: its PNG and its key. `index` picks the seed; `design` is recorded in the key only. */
export async function drawSheet(level: Level, index: number, design: string): Promise<{ png: Buffer; key: SheetKey }> {
  const layout = CHALLENGE_LAYOUT;
  const picture = LEVEL_POLICY[level].picture;
  const seed = sheetSeed(level, index);
  const canvases = challengeCanvases(SHEET_SCALE, layout);
  const drawn = paintChallenge(seededRandom(seed), SHEET_SCALE, layout, canvases, picture);
  const encoded = await encodeChallenge(canvases, SHEET_SCALE);
  const [board, piece] = await Promise.all([loadImage(encoded.background), loadImage(encoded.piece)]);
  const answer = drawn.plan.gapX - PIECE_INSET;
  const order = seededRandom(seed ^ 0x5eed);
  const stops = shuffled(stopsFor(answer, drawn.guard, layout), order);
  const panels = stops.map((offsetX, i) => ({ label: LABELS[i]!, offsetX }));
  const height = PANEL_GAP + panels.length * (layout.height + PANEL_GAP);
  const sheet = createCanvas(PHONE_WIDTH * SHEET_SCALE, height * SHEET_SCALE);
  const ctx = sheet.getContext('2d');
  ctx.scale(SHEET_SCALE, SHEET_SCALE);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, PHONE_WIDTH, height);
  panels.forEach((panel, i) =>
    drawPanel(ctx, PANEL_GAP + i * (layout.height + PANEL_GAP), panel.label, board, piece, panel.offsetX, layout),
  );
  const right = panels.find((panel) => panel.offsetX === answer)!.label;
  const sheetName = `level-${level}/${String(index).padStart(3, '0')}`;
  return { png: sheet.encodeSync('png'), key: { sheet: sheetName, seed, level, design, picture, answer, panels, right } };
}
