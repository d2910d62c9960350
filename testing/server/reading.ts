// What the server reads of a request, for the oracles that judge it from outside (testing/php-backend/): the
// server's own pure readers and its calls' names, behind this one module of the server's test kit, so that a
// test double reaches into the server here only.
import { isListedChannel, type ChannelSettings } from '@game-register/site-settings';
import type { RawRequest } from '../hostile/hostile-spellings';
import { API_CALLS, isBackendCall, type BackendCall } from '../../server/api/reading/calls';
import { readBody } from '../../server/api/reading/read-body';
import { readTarget } from '../../server/api/reading/read-target';

export { channelLabel } from '../../server/channels/rules';
export { isBackendCall, type BackendCall };

/** The names the backend may receive for `call`, in the order the app sends them. */
export const forwardedNames = (call: BackendCall): readonly string[] => API_CALLS[call].query;

/** The fields the server read of a request it let through as `call`, and forwards: reg's channel code as it substitutes it. */
export function forwardedFields(request: RawRequest, call: BackendCall, channels: ChannelSettings): Record<string, string> {
  const target = readTarget(request.method, request.target);
  const type = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const body = readBody(call, type, request.body === undefined ? undefined : Buffer.from(request.body));
  const fields = { ...(!('refusal' in body) && body.body !== null ? (body.body as Record<string, string>) : {}), ...target.query };
  const forwarded = Object.fromEntries(
    forwardedNames(call)
      .filter((name) => name in fields)
      .map((name) => [name, fields[name]!]),
  );
  if (call === 'reg' && Object.keys(target.query).length > 0) {
    const sent = target.query.code ?? null;
    forwarded.code = sent !== null && isListedChannel(sent, channels) ? sent : channels.default;
  }
  return forwarded;
}
