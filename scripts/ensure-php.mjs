#!/usr/bin/env node
// Makes sure Debian's php-cli is there for the game backend's stand-in (server/php-backend): the tests start
// their own `php -n -S` on a free port, so the gateway's reading is checked against PHP's own parser.
import { ensureDebianFiles } from './debian-packages.mjs';

export const PHP_PATH = process.env.PHP_PATH || '/usr/bin/php';

export function ensurePhp() {
  ensureDebianFiles('ensure-php', { [PHP_PATH]: 'php-cli' }, 'The PHP backend stand-in (server/php-backend)');
  return PHP_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePhp();
