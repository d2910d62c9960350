import { apiClient } from './client';
import { config } from '@/config/env';
import { BACKEND_CALL_WIRE, pathUnderBase, readWireAnswer, WIRE_HEADERS, type QueryPairs, type WireAnswer } from '@game-register/api-wire';
import { visitChannel } from '@/lib/visit-channel';
import { visitAdClicks } from '@/lib/visit-ad-click';

export interface Registration {
  name: string;
  password: string;
  rePassword: string;
  mobile: string;
}

/**
 * The registration query (docs/behaviour.md, "Calls"), in its exact order; wash, washType, QQ and islogin are
 * fixed, `code` is the visit's channel (src/lib/visit-channel.ts).
 */
export function buildRegistrationQuery(registration: Registration, channelCode = visitChannel(config.channel)): QueryPairs {
  const values: Record<(typeof BACKEND_CALL_WIRE.reg.fields)[number], string> = {
    name: registration.name,
    Password: registration.password,
    rePassword: registration.rePassword,
    wash: '1',
    washType: '2',
    code: channelCode,
    mobile: registration.mobile,
    QQ: '',
    islogin: 'true',
  };
  return BACKEND_CALL_WIRE.reg.fields.map((name) => [name, values[name]] as const);
}

/**
 * The ad headers of reg, for the gateway alone (it reports the registration to the ad platform and never
 * passes them on): the visit's click, and the visitor's consent when the box was ticked.
 */
export function adHeaders(clicks: string | null, consent: boolean): Record<string, string> {
  if (clicks === null) return {};
  return consent ? { [WIRE_HEADERS.adClicks]: clicks, [WIRE_HEADERS.adConsent]: '1' } : { [WIRE_HEADERS.adClicks]: clicks };
}

/**
 * POST /api/Index/reg with the query and no body. Throws on network, timeout, non-2xx or non-JSON.
 * Returns the backend's answer when it is a `y`/`n` object, otherwise null (counted as success).
 */
export async function registerAccount(
  registration: Registration,
  extraQuery: QueryPairs = [],
  { adConsent = false } = {},
): Promise<WireAnswer | null> {
  const answer = await apiClient.post(pathUnderBase('reg'), {
    query: [...buildRegistrationQuery(registration), ...extraQuery],
    headers: adHeaders(visitAdClicks(), adConsent),
  });
  return readWireAnswer(answer);
}

/** The download screen's call: reg with no query and no body; the answer does not matter. */
export async function pingRegistration(): Promise<void> {
  await apiClient.post(pathUnderBase('reg'));
}
