// Installs the Debian packages a test needs when they are missing: apt-get as root, clear advice otherwise.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs apt-get install for these packages (waiting for another apt-get to let go of the lock). */
export function aptInstall(tag: string, packages: string[]): void {
  console.log(`[${tag}] installing ${packages.join(' ')} from Debian (apt-get)...`);
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  execFileSync('apt-get', [...lock, 'update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Whether apt-get can install here (root on a Debian-like system). */
export function canAptInstall(): boolean {
  return isRoot() && existsSync('/usr/bin/apt-get');
}

/**
 * Makes sure every file is there, installing the packages of the missing ones; exits with advice naming them
 * when it cannot. `files` maps a file's path to the Debian package that brings it.
 */
export function ensureDebianFiles(tag: string, files: Record<string, string>, what: string): void {
  const missing = [
    ...new Set(
      Object.entries(files)
        .filter(([path]) => !existsSync(path))
        .map(([, pkg]) => pkg),
    ),
  ];
  if (missing.length === 0) return;
  if (!canAptInstall()) {
    console.error(`[${tag}] ${what} needs Debian's ${missing.join(', ')}.\n  Install with:  sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  aptInstall(tag, missing);
  const still = Object.keys(files).filter((path) => !existsSync(path));
  if (still.length > 0) {
    console.error(`[${tag}] apt-get finished but ${still.join(', ')} is still missing.`);
    process.exit(1);
  }
}
