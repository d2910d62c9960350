import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { closeOnSignals } from './shutdown';
import { buildTestApp, tempDir } from '../testing/server/test-support';

const regQuery = (name: string, mobile: string) =>
  new URLSearchParams({ name, Password: 'pw-123456', rePassword: 'pw-123456', mobile }).toString();

describe('graceful shutdown (over a real socket)', () => {
  it('on SIGTERM stops accepting, finishes registrations in flight, closes the database, then exits 0', async () => {
    const databasePath = join(await tempDir(), 'app.db');
    const { app } = await buildTestApp({ databasePath });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) => closeOnSignals(app, { signals, exit: resolve }));

    let received = 0;
    app.server.on('request', () => (received += 1));
    const inFlight = Array.from({ length: 6 }, (_, index) =>
      fetch(`${base}/api/Index/reg?${regQuery(`late${index}`, `1390000000${index}`)}`, { method: 'POST' }).then(
        async (response) => ((await response.json()) as { status: string }).status,
      ),
    );
    await vi.waitUntil(() => received === 6, { interval: 1 }); // all have arrived; scrypt is still hashing
    signals.emit('SIGTERM');
    const signalledAt = Date.now();

    await expect(fetch(`${base}/register`)).rejects.toThrow();
    expect(await Promise.all(inFlight)).toEqual(['y', 'y', 'y', 'y', 'y', 'y']);
    expect(await exited).toBe(0);
    // Waiting out the keep-alive sockets would take the server's keep-alive timeout (72 s); the bound sits far
    // below it and far above the six scrypt hashes still running, so a busy machine cannot fail it.
    expect(app.server.keepAliveTimeout).toBeGreaterThanOrEqual(60_000);
    expect(Date.now() - signalledAt).toBeLessThan(15_000);

    const restarted = await buildTestApp({ databasePath });
    for (let index = 0; index < 6; index += 1) {
      const response = await restarted.app.inject({ method: 'POST', url: `/api/Index/checkuser?param=late${index}` });
      expect(response.json()).toEqual({ status: 'n', info: '用户名已存在' });
    }
    await restarted.app.close();
  });

  it('exits at once with 1 on a second signal', async () => {
    const { app } = await buildTestApp();
    const signals = new EventEmitter();
    const codes: number[] = [];
    closeOnSignals(app, { signals, exit: (code) => codes.push(code) });
    signals.emit('SIGINT');
    signals.emit('SIGTERM');
    expect(codes).toEqual([1]);
    await app.close();
  });
});
