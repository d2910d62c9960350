// Makes sure Debian's php-cli is there for the game backend's stand-in (testing/php-backend): the tests start
// their own `php -n -S` on a free port, so the gateway's reading is checked against PHP's own parser.
import { ensureDebianFiles } from './debian-packages';

export const PHP_PATH = process.env.PHP_PATH || '/usr/bin/php';

/** Installs Debian's php-cli when missing (as root), otherwise exits with advice; returns the php binary. */
export function ensurePhp(): string {
  ensureDebianFiles('ensure-php', { [PHP_PATH]: 'php-cli' }, 'The PHP backend stand-in (testing/php-backend)');
  return PHP_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePhp();
