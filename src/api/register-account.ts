import { apiClient, readCheckAnswer, type CheckAnswer } from './client';
import { config } from '@/config/env';
import type { QueryPairs } from '@/lib/http-client';
import { visitChannel } from '@/lib/visit-channel';

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
  return [
    ['name', registration.name],
    ['Password', registration.password],
    ['rePassword', registration.rePassword],
    ['wash', '1'],
    ['washType', '2'],
    ['code', channelCode],
    ['mobile', registration.mobile],
    ['QQ', ''],
    ['islogin', 'true'],
  ];
}

/**
 * POST /api/Index/reg with the query and no body. Throws on network, timeout, non-2xx or non-JSON.
 * Returns the backend's answer when it is a `y`/`n` object, otherwise null (counted as success).
 */
export async function registerAccount(registration: Registration, extraQuery: QueryPairs = []): Promise<CheckAnswer | null> {
  const answer = await apiClient.post('/Index/reg', { query: [...buildRegistrationQuery(registration), ...extraQuery] });
  return readCheckAnswer(answer);
}

/** The download screen's call: reg with no query and no body; the answer does not matter. */
export async function pingRegistration(): Promise<void> {
  await apiClient.post('/Index/reg');
}
