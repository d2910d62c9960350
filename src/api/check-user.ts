import { apiClient, readCheckAnswer, type CheckAnswer } from './client';
import { HttpError } from '@/lib/http-client';

/** POST /api/Index/checkuser?param=<value>&name=name with the same JSON body. */
export async function checkUser(username: string): Promise<CheckAnswer> {
  const payload = { param: username, name: 'name' };
  const answer = readCheckAnswer(
    await apiClient.post('/Index/checkuser', { query: [['param', username], ['name', 'name']], body: payload }),
  );
  if (!answer) throw new HttpError('parse', 'checkuser answered no status');
  return answer;
}
