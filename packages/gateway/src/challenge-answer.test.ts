import Fastify from 'fastify';
import { challengeAnswer, ChallengeHeadSchema } from './challenge-answer';
import { pictureFieldsJson } from './draw-worker';

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
});
