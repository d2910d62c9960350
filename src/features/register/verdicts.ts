import { checkField } from '@/api';
import type { WireAnswer } from '@game-register/api-wire';
import type { Verdict } from './submit-checks';

function toVerdict(answer: WireAnswer): Verdict {
  return answer.status === 'y' ? { status: 'y' } : { status: 'n', info: answer.info };
}

/** checkuser as a verdict; a thrown call (network, timeout, non-2xx, garbage) becomes no verdict. */
export async function usernameVerdict(name: string): Promise<Verdict> {
  try {
    return toVerdict(await checkField('checkuser', name));
  } catch {
    return { status: 'error' };
  }
}

export async function phoneVerdict(mobile: string): Promise<Verdict> {
  try {
    return toVerdict(await checkField('checktel', mobile));
  } catch {
    return { status: 'error' };
  }
}
