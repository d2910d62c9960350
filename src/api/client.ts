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
