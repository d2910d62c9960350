// A scratch app of the packed gateway (testing/consumer/gateway-consumer.test.ts copies it outside the repository):
// its own minimal Fastify server registers the plugin in front of its own /register route, then drives one
// registration through it over HTTP and prints what happened as JSON.
import Fastify from 'fastify';
import Database from 'libsql';
import gateway from '@game-register/gateway';
import { humanTrail, seededOffset, solvedWork } from '@game-register/gateway/testing';

const TEST_SEED = 20240607;
const events = [];
const app = Fastify();
await app.register(
  async (api) => {
    await api.register(gateway, {
      store: { kind: 'libsql', database: new Database(':memory:') },
      testSeed: TEST_SEED,
      draw: { threads: 1, queue: 8 },
      stock: 0,
      work: { puzzle: 1000, accessible: 2000 },
      events: {
        challengeIssued: () => events.push('challenge'),
        verified: (reason) => events.push(`verified:${reason}`),
        tokenSpent: () => events.push('spent'),
        tokenRefused: (reason) => events.push(`refused:${reason}`),
      },
    });
    // The app's own route: the token is where this app puts it (the body), read here and spent by the gate.
    api.post('/register', async (request, reply) => {
      const verdict = await api.captchaGate.spend(typeof request.body?.captchaToken === 'string' ? request.body.captchaToken : null);
      if (!verdict.ok) return reply.send(verdict.answer);
      return { status: 'y', info: `registered ${request.body.name}` };
    });
  },
  { prefix: '/api' },
);
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const post = async (path, body) =>
  (
    await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  ).json();

try {
  const challenge = await post('/captcha/challenge', { pixelRatio: 1 });
  const offsetX = seededOffset(TEST_SEED);
  const { work } = solvedWork(challenge.work);
  const verified = await post('/captcha/verify', { id: challenge.id, offsetX, trail: humanTrail(offsetX, challenge), work });
  const first = await post('/register', { name: 'alice', captchaToken: verified.token });
  const second = await post('/register', { name: 'mallory', captchaToken: verified.token });
  const none = await post('/register', { name: 'eve' });
  // The test kit as published: a consumer's names only, and the repository's ./internals not there at all.
  const kit = Object.keys(await import('@game-register/gateway/testing')).sort();
  const internals = await import('@game-register/gateway/internals').then(
    () => 'resolved',
    (error) => error.code,
  );
  console.log(
    JSON.stringify({
      challenge: {
        hasPictures: challenge.background.startsWith('data:image/') && challenge.piece.startsWith('data:image/'),
        gapHidden: !('gapX' in challenge),
      },
      verified,
      first,
      second,
      none,
      events,
      kit,
      internals,
    }),
  );
} finally {
  await app.close();
}
