// The ledger of registrations in the attack bench (issue 51): the patient solvers and the people beside them
// register with each pass they earn, and the case reads the ledger back from the server's metrics listener:
// how many of the solver's accounts it marked suspect or review, and how many of the people's.
import { seededRandom } from '@game-register/gateway/testing';
import type { ClientAnswer } from '../../testing/attackers';
import { inLanes, tryPuzzle } from './attack-network-cases';

/** The bench servers' ledger token (LEDGER_TOKEN): their view is read on the metrics listener. */
export const BENCH_LEDGER_TOKEN = 'bench-attack-ledger-token-0123456789';
export const LEDGER_ENV = { LEDGER_TOKEN: BENCH_LEDGER_TOKEN };

const random = seededRandom(5101);
let serial = 0;

/** reg with the pass `answer` earned, from `address`, as `prefix` and a serial: the account name when the backend answered y. */
export async function registerPass(base: string, address: string, answer: ClientAnswer, prefix: string): Promise<string | null> {
  const token = (answer.body as { token?: unknown } | null)?.token;
  if (typeof token !== 'string') return null;
  serial += 1;
  const name = `${prefix}${serial}`;
  const mobile = `13${String(100_000_000 + serial).slice(-9)}`;
  const query = new URLSearchParams({
    name,
    Password: 'Bench#Secret1',
    rePassword: 'Bench#Secret1',
    wash: '1',
    washType: '2',
    code: 'H5REG',
    mobile,
    QQ: '',
    islogin: 'true',
    captchaToken: token,
  });
  const reply = await fetch(`${base}/api/Index/reg?${query}`, { method: 'POST', headers: { 'x-forwarded-for': address } }).then(
    (response) => response.json() as Promise<{ status?: string }>,
    () => null,
  );
  return reply?.status === 'y' ? name : null;
}

/** People as attack-network-cases' `people`, each registering with the pass it earned; the account names registered. */
export async function registeringPeople(base: string, count: number, seconds: number, addressOf: (i: number) => string, prefix = 'person') {
  const tries = await inLanes(count, 64, (seconds * 1000) / count, async (i) => {
    const tried = await tryPuzzle(base, addressOf(i), { paceMs: 2000 + 4000 * random(), person: true });
    const account = tried.outcome === 'passed' && 'verdict' in tried ? await registerPass(base, addressOf(i), tried.verdict, prefix) : null;
    return { ...tried, account };
  });
  return { tries, accounts: tries.flatMap((tried) => (tried.account ? [tried.account] : [])) };
}

interface Entry {
  account: string;
  outcome: string;
  verdict: 'clear' | 'review' | 'suspect';
}

/** The ledger's registrations on the server whose metrics listener is at `metricsPort`, by account name. */
export async function ledgerVerdicts(metricsPort: number): Promise<Map<string, Entry['verdict']>> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/ledger?since=2h&limit=10000`, {
    headers: { authorization: `Bearer ${BENCH_LEDGER_TOKEN}` },
  });
  if (!response.ok) throw new Error(`the ledger answered ${response.status}`);
  const { entries } = (await response.json()) as { entries: Entry[] };
  return new Map(entries.filter((entry) => entry.outcome === 'registered').map((entry) => [entry.account, entry.verdict]));
}

/** How many of `accounts` the ledger marked, and the shares. */
export function marked(verdicts: ReadonlyMap<string, Entry['verdict']>, accounts: readonly string[]) {
  const suspect = accounts.filter((account) => verdicts.get(account) === 'suspect').length;
  const review = accounts.filter((account) => verdicts.get(account) === 'review').length;
  const missing = accounts.filter((account) => !verdicts.has(account)).length;
  const share = (n: number) => n / Math.max(1, accounts.length);
  return {
    accounts: accounts.length,
    suspect,
    review,
    missing,
    suspectShare: share(suspect),
    markedShare: share(suspect + review),
    text: `${accounts.length} accounts: ${suspect} suspect, ${review} review${missing ? `, ${missing} not in the ledger` : ''}`,
  };
}

/** Waits for the ledger's revisions, which run off the request's path, to settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
