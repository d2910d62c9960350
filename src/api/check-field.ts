import { CHECKS, pathUnderBase, readWireAnswer, type Check, type WireAnswer } from '@game-register/api-wire';
import { apiClient } from './client';
import { HttpError } from '@/lib/http-client';

/**
 * checkuser or checktel: POST /api/Index/<call>?param=<value>&name=<field> with the same JSON body
 * (`name` is `name` for checkuser, `mobile` for checktel).
 */
export async function checkField(check: Check, value: string): Promise<WireAnswer> {
  const answer = readWireAnswer(
    await apiClient.post(pathUnderBase(check), {
      query: [
        ['param', value],
        ['name', CHECKS[check]],
      ],
      body: { param: value, name: CHECKS[check] },
    }),
  );
  if (!answer) throw new HttpError('parse', `${check} answered no status`);
  return answer;
}
