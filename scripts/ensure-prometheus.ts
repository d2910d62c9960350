// Makes sure Debian's Prometheus (prometheus and promtool) is there for the metrics tests; installs it with
// apt-get when it is missing and we are root, otherwise says what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PROMETHEUS_PATH = process.env.PROMETHEUS_PATH || '/usr/bin/prometheus';
export const PROMTOOL_PATH = process.env.PROMTOOL_PATH || '/usr/bin/promtool';

export function ensurePrometheus(): { prometheus: string; promtool: string } {
  if (existsSync(PROMETHEUS_PATH) && existsSync(PROMTOOL_PATH)) return { prometheus: PROMETHEUS_PATH, promtool: PROMTOOL_PATH };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `[ensure-prometheus] The metrics tests need Debian's Prometheus at ${PROMETHEUS_PATH} and ${PROMTOOL_PATH}.\n` +
        '  Install it with:  sudo apt-get install -y prometheus\n' +
        '  or point PROMETHEUS_PATH and PROMTOOL_PATH at the binaries.',
    );
    process.exit(1);
  }
  console.log('[ensure-prometheus] installing prometheus from Debian (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  // Without systemd the package's service cannot start, which is fine: the tests start their own.
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'prometheus'], { stdio: 'inherit', env });
  if (!existsSync(PROMETHEUS_PATH) || !existsSync(PROMTOOL_PATH)) {
    console.error('[ensure-prometheus] apt-get finished but prometheus or promtool is still missing.');
    process.exit(1);
  }
  return { prometheus: PROMETHEUS_PATH, promtool: PROMTOOL_PATH };
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePrometheus();
