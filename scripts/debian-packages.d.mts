/** Runs apt-get install for these packages (waiting for another apt-get to let go of the lock). */
export function aptInstall(tag: string, packages: string[]): void;
/** Whether apt-get can install here (root on a Debian-like system). */
export function canAptInstall(): boolean;
/** Makes sure every file (path -> Debian package) is there, installing what is missing; exits with advice otherwise. */
export function ensureDebianFiles(tag: string, files: Record<string, string>, what: string): void;
