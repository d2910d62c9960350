import { apiClient, readCheckAnswer, type CheckAnswer } from './client';
import { HttpError } from '@/lib/http-client';

/** POST /api/Index/checktel?param=<value>&name=mobile with the same JSON body. */
export async function checkTel(mobile: string): Promise<CheckAnswer> {
  const payload = { param: mobile, name: 'mobile' };
  const answer = readCheckAnswer(
    await apiClient.post('/Index/checktel', { query: [['param', mobile], ['name', 'mobile']], body: payload }),
  );
  if (!answer) throw new HttpError('parse', 'checktel answered no status');
  return answer;
}
