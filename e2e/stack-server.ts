// The product's built server as a stack script's child (e2e/channel-stack.ts, e2e/ads-stack.ts): its
// limits out of the way, stopped with the script, and the script's stand-ins closed when it exits.
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts scripts/start.ts (as npm start does) with these settings; `onExit` closes what the script started beside it. */
export function startStackServer(env: Record<string, string | undefined>, onExit: () => void): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
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
