import Fastify from 'fastify';
import { errorAnswer } from './answers';
import { sendRefusal } from './admission-replies';

describe("admission's refusals as replies", () => {
  it('sends a refusal as a 429 with its wait in Retry-After and the answer every 429 has', async () => {
    const app = Fastify();
    app.post('/captcha/challenge', (_request, reply) => sendRefusal(reply, { refusal: 'network_challenges', retryAfterS: 10 }));
    const answer = await app.inject({ method: 'POST', url: '/captcha/challenge' });
    await app.close();
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('10');
    expect(answer.json()).toEqual(errorAnswer(429));
  });
});
