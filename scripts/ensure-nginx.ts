// Makes sure Debian's nginx is there for the deployment test (server/nginx-deployment.test.ts): it runs the
// nginx block of docs/deploying.md and the README, with a config of its own on a free port, as root or not.
import { ensureDebianFiles } from './debian-packages';

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Installs Debian's nginx when missing (as root), otherwise exits with advice; returns the nginx binary. */
export function ensureNginx(): string {
  ensureDebianFiles('ensure-nginx', { [NGINX_PATH]: 'nginx' }, 'The deployment test behind nginx (server/nginx-deployment.test.ts)');
  return NGINX_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNginx();
