import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { drawChallenge, pictureFieldsJson } from '@game-register/gateway/internals';
import { buildTestApp } from '../../testing/server/test-support';
import { challenge, strictConfig } from '../../testing/server/strict-mode';

// What a phone pays for a strict puzzle: the whole answer as the server sends it.
describe('a challenge answer on the wire', () => {
  it('answers a 3x puzzle in under 45 KB as a phone receives it: the picture a JPEG, the piece a WebP; a guarded one too', async () => {
    const { app } = await buildTestApp(strictConfig());
    const answer = await challenge(app, { pixelRatio: 3 });
    await app.close();
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.length).toBeLessThan(45_000);
    const { background, piece } = answer.json<{ background: string; piece: string }>();
    expect([background.slice(0, 16), piece.slice(0, 16)]).toEqual(['data:image/jpeg;', 'data:image/webp;']);
    // The guarded picture (levels 2-3) in the same answer: its two fields in place of the plain one's.
    const rest = answer.rawPayload.length - `"background":"${background}","piece":"${piece}"`.length;
    for (let seed = 1; seed <= 12; seed += 1) {
      const guarded = await drawChallenge(seededRandom(seed * 31), 3, undefined, 'guarded');
      expect(rest + pictureFieldsJson(guarded.background, guarded.piece).length).toBeLessThan(45_000);
    }
  });
});
