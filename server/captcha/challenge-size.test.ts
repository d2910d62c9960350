import { buildTestApp } from '../../testing/server/test-support';
import { challenge, strictConfig } from './test-support';

// What a phone pays for a strict puzzle: the whole answer as the server sends it.
describe('a challenge answer on the wire', () => {
  it('answers a 3x puzzle in under 45 KB as a phone receives it: the picture a JPEG, the piece a WebP', async () => {
    const { app } = await buildTestApp(strictConfig());
    const answer = await challenge(app, { pixelRatio: 3 });
    await app.close();
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.length).toBeLessThan(45_000);
    const { background, piece } = answer.json<{ background: string; piece: string }>();
    expect([background.slice(0, 16), piece.slice(0, 16)]).toEqual(['data:image/jpeg;', 'data:image/webp;']);
  });
});
