import Fastify from 'fastify';
import { challengeAnswer, ChallengeHeadSchema } from './challenge-answer';
import { pictureFieldsJson } from '../drawing/draw-worker';

describe('a challenge answer sent as bytes', () => {
  it('joins the head serialised through its schema with the pictures, and drops any field the schema does not list', async () => {
    const app = Fastify();
    app.get('/', (_request, reply) => {
      const head = { id: 'abc', pieceY: 40, width: 310, height: 160, pieceSize: 59, expiresAt: 123, accessible: true, gapX: 217 };
      return reply
        .type('application/json')
        .send(
          challengeAnswer(
            reply.serializeInput(head, ChallengeHeadSchema) as string,
            pictureFieldsJson(Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('RIFF\0\0\0\0WEBP', 'latin1')),
          ),
        );
    });
    const body = (await app.inject('/')).json<Record<string, unknown>>();
    await app.close();
    expect(body).toEqual({
      id: 'abc',
      pieceY: 40,
      width: 310,
      height: 160,
      pieceSize: 59,
      expiresAt: 123,
      accessible: true,
      background: 'data:image/jpeg;base64,/9j/',
      piece: 'data:image/webp;base64,UklGRgAAAABXRUJQ',
    });
  });

  it.each([
    ['an array', '[]'],
    ['an object cut short', '{"id":"abc"'],
    ['an object missing its opening brace', '"id":"abc"}'],
    ['an empty object', '{}'],
  ])('refuses a head that is %s rather than send a broken answer', (_label, head) => {
    expect(() => challengeAnswer(head, Buffer.from('"background":"x"'))).toThrow(/JSON object/);
  });
});

// Equivalent mutant (packages/gateway/src/http/challenge-answer.ts, EqualityOperator): `headJson.length < 3` -> `headJson.length <= 3`: the only three-character strings it tells apart are `{x}`, and no serialised head is one (the schema's fields are required).
