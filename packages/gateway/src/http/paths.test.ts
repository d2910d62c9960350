// The gateway's routes are the protocol's paths: a client that calls CAPTCHA_PATHS (the app's src/api/captcha.ts)
// finds every one of them, and the gateway answers no path of its own that the protocol does not name.
import Fastify from 'fastify';
import Database from 'libsql';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import gateway from './plugin';

it("registers exactly the protocol's four paths, as POST, under its host's prefix", async () => {
  const routes: string[] = [];
  const app = Fastify();
  app.addHook('onRoute', ({ method, url }) => {
    for (const verb of [method].flat()) routes.push(`${verb} ${url}`);
  });
  await app.register(
    async (api) =>
      api.register(gateway, {
        store: { kind: 'libsql', database: new Database(':memory:') },
        testSeed: 1,
        work: { puzzle: 1000, accessible: 2000 },
        stock: 0,
        draw: { threads: 0, queue: 8 },
      }),
    { prefix: '/api' },
  );
  try {
    await app.ready();
    const posts = routes.filter((route) => !route.startsWith('HEAD '));
    expect(posts.sort()).toEqual(
      Object.values(CAPTCHA_PATHS)
        .map((path) => `POST /api${path}`)
        .sort(),
    );
  } finally {
    await app.close();
  }
});
