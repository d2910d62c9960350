import { config } from '@/config/env';
import { createHttpClient } from '@/lib/http-client';
import { visitChannel } from '@/lib/visit-channel';
import { WIRE_HEADERS } from '@game-register/api-wire';

export const HTTP_TIMEOUT_MS = 5000;

/** The one client of the game backend's API: base /api, 5000 ms, the visit's channel, redacted logging in development only. */
export const apiClient = createHttpClient({
  baseUrl: config.apiBase,
  timeoutMs: HTTP_TIMEOUT_MS,
  log: config.isDev ? (line) => console.debug('[api]', line) : undefined,
  headers: () => ({ [WIRE_HEADERS.channel]: visitChannel(config.channel) }),
});

/** The backend's answer to every call. */
export interface CheckAnswer {
  status: 'y' | 'n';
  info: string;
}

/** Reads a backend answer defensively: anything but a clear `y`/`n` object counts as no verdict. */
export function readCheckAnswer(value: unknown): CheckAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { status, info } = value as Record<string, unknown>;
  if (status !== 'y' && status !== 'n') return null;
  return { status, info: typeof info === 'string' ? info : '' };
}
