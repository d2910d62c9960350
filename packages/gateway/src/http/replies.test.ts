import Fastify, { type FastifyReply } from 'fastify';
import { errorAnswer, FAILED_INFO } from './answers';
import { sendBusy, sendVerdict } from './replies';
import type { VerifyResult } from '../core/flows/results';

const replied = async (send: (reply: FastifyReply) => unknown) => {
  const app = Fastify();
  app.post('/captcha/verify', (_request, reply) => send(reply));
  const answer = await app.inject({ method: 'POST', url: '/captcha/verify' });
  await app.close();
  return answer;
};

describe("the flows' results as replies", () => {
  it('sends a refusal as a 429 with its wait in Retry-After and the answer every 429 has', async () => {
    const answer = await replied((reply) => sendVerdict(reply, { outcome: 'refused', refusal: 'network_challenges', retryAfterS: 10 }));
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('10');
    expect(answer.json()).toEqual(errorAnswer(429));
  });

  it('sends busy drawing as a 503 with Retry-After', async () => {
    const answer = await replied((reply) => sendBusy(reply, { outcome: 'busy', retryAfterS: 1 }));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual(errorAnswer(503));
  });

  it('sends a bad request as a 400, a wrong answer as n, a pass as y with its token', async () => {
    const each = async (result: VerifyResult) => {
      const answer = await replied((reply) => sendVerdict(reply, result));
      return [answer.statusCode, answer.json()];
    };
    expect(await each({ outcome: 'bad_request' })).toEqual([400, errorAnswer(400)]);
    expect(await each({ outcome: 'wrong' })).toEqual([200, { status: 'n', info: FAILED_INFO }]);
    expect(await each({ outcome: 'passed', token: 't' })).toEqual([200, { status: 'y', token: 't' }]);
  });
});
