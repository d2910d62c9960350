import Fastify from 'fastify';
import { buildTestApp } from '../test-support';
import { challengeAnswer, ChallengeHeadSchema } from './challenge-answer';
import { pictureFieldsJson } from './draw-worker';
import { challenge, strictConfig } from './test-support';

describe('a challenge answer sent as bytes', () => {
  it('joins the head serialised through its schema with the pictures, and drops any field the schema does not list', async () => {
    const app = Fastify();
    app.get('/', (_request, reply) => {
      const head = { id: 'abc', pieceY: 40, width: 310, height: 160, pieceSize: 59, expiresAt: 123, accessible: true, gapX: 217 };
      return reply.type('application/json').send(challengeAnswer(reply.serializeInput(head, ChallengeHeadSchema) as string, pictureFieldsJson(Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'))));
    });
    const body = (await app.inject('/')).json<Record<string, unknown>>();
    await app.close();
    expect(body).toEqual({ id: 'abc', pieceY: 40, width: 310, height: 160, pieceSize: 59, expiresAt: 123, accessible: true, background: 'data:image/jpeg;base64,/9j/', piece: 'data:image/webp;base64,UklGRgAAAABXRUJQ' });
  });

  it('refuses a head that is not a JSON object rather than send a broken answer', () => {
    expect(() => challengeAnswer('[]', Buffer.from('"background":"x"'))).toThrow(/JSON object/);
  });

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
