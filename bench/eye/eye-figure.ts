// docs/images/guarded-picture.jpg (docs/strict-mode.md): two guarded pictures at pixel ratio 2 (seeds 5 and 8), each
// drawn and encoded as the server does; on the left with the piece where the slider starts, on the right with
// the piece in its gap.   npm run bench:eye -- figure [--out=docs/images/guarded-picture.jpg]
import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PIECE_BLEED, PIECE_INSET } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { CHALLENGE_LAYOUT as layout, challengeCanvases, encodeChallenge, paintChallenge } from '@game-register/gateway/internals';

const [RATIO, SEEDS, AIR] = [2, [5, 8], 24];

export async function writeGuardedFigure(out: string) {
  const [width, height] = [layout.width * RATIO, layout.height * RATIO];
  const figure = createCanvas(2 * width + AIR, SEEDS.length * height + (SEEDS.length - 1) * AIR);
  const ctx = figure.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, figure.width, figure.height);
  for (const [row, seed] of SEEDS.entries()) {
    const canvases = challengeCanvases(RATIO, layout);
    const { plan } = paintChallenge(seededRandom(seed), RATIO, layout, canvases, 'guarded');
    const encoded = await encodeChallenge(canvases, RATIO);
    const [board, piece] = await Promise.all([loadImage(encoded.background), loadImage(encoded.piece)]);
    for (const [column, offsetX] of [0, plan.gapX - PIECE_INSET].entries()) {
      const [left, top] = [column * (width + AIR), row * (height + AIR)];
      ctx.drawImage(board, left, top, width, height);
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, top, width, height);
      ctx.clip();
      ctx.drawImage(piece, left + (offsetX - PIECE_BLEED) * RATIO, top, piece.width, piece.height);
      ctx.restore();
    }
  }
  writeFileSync(out, figure.encodeSync('jpeg', 85));
  console.log(`[bench:eye] ${out}: seeds ${SEEDS.join(' and ')} at pixel ratio ${RATIO}`);
}
