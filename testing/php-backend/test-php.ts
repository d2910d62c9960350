import { startPhpServer, type PhpServer } from './php-server';

/** The game backend's PHP stand-in for a test file (Debian's php-cli, installed by scripts/ensure-php.ts). */
export type TestPhp = PhpServer;
export type { PhpReading, PhpValue, PhpCall } from './php-server';
export const startTestPhp = startPhpServer;
