// The product's built server as a stack script's child (e2e/channel-stack.mjs, e2e/ads-stack.ts): its
// limits out of the way, stopped with the script, and the script's stand-ins closed when it exits.
import { spawn } from 'node:child_process';

/** Starts scripts/start.mjs with these settings; `onExit` closes what the script started beside it. */
export function startStackServer(env, onExit) {
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, HOST: '127.0.0.1', RATE_LIMIT_CHECKS: '1000000', RATE_LIMIT_REG: '1000000', LOG_LEVEL: 'warn', ...env },
  });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  server.on('exit', (code) => {
    onExit();
    process.exit(code ?? 0);
  });
  return server;
}
