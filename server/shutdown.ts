import type { FastifyInstance } from 'fastify';

export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
export const SHUTDOWN_TIMEOUT_MS = 10_000;

interface SignalSource {
  on(signal: string, listener: () => void): unknown;
}

/**
 * On the first SIGTERM or SIGINT: stop accepting, let requests in flight finish, close the database
 * (app.close() does all three), then exit. A second signal, or a close slower than the timeout, exits at once.
 */
export function closeOnSignals(
  app: FastifyInstance,
  {
    signals = process as SignalSource,
    exit = (code: number): void => process.exit(code),
    timeoutMs = SHUTDOWN_TIMEOUT_MS,
  }: { signals?: SignalSource; exit?: (code: number) => void; timeoutMs?: number } = {},
): void {
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      exit(1);
    }, timeoutMs);
    timer.unref();
    app.close().then(
      () => {
        clearTimeout(timer);
        app.log.info('stopped');
        exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of SHUTDOWN_SIGNALS) signals.on(signal, () => onSignal(signal));
}
