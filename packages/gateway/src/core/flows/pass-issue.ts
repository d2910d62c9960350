// A pass token issued with its facts kept beside it (rules/pass-facts.ts): the verify flows of both paths end
// here once an answer earned its pass. The facts go under the token's id, so the host's ledger gets them when
// the token is spent (pass-gate.ts), and the token itself stays what it was: opaque, short, and telling a
// client nothing of its network's state.
import type { Difficulty } from './difficulty';
import type { AnswerTiming } from '../rules/level-decision';
import type { Level } from '../rules/policy';
import type { PictureKind } from '../rules/events';
import type { NetworkJudge } from '../rules/networks/network-kind';
import { passFacts, type PassPath } from '../rules/pass-facts';
import { TOKEN_TTL_MS } from '../rules/policy';
import { issuePassToken } from '../token';
import type { CaptchaStore } from '../ports';
import type { FetchedBy } from './admission';

export interface PassIssueOptions {
  store: CaptchaStore;
  difficulty: Pick<Difficulty, 'siteLevel' | 'carriersLevel' | 'switches'>;
  networkJudge: NetworkJudge;
  now: () => number;
}

export interface EarnedPass {
  level: Level;
  picture: PictureKind | 'none';
  path: PassPath;
  timing: AnswerTiming | null;
  /** Who fetched its puzzle (null: a task sealed without them: the answering address's own network). */
  fetchedBy: FetchedBy | null;
}

/** Issues a pass's token and keeps its facts under the token's id until the token expires. */
export function passIssuer({ store, difficulty, networkJudge, now }: PassIssueOptions) {
  /** `ip`: the answering client's address, as the host read it. */
  return async (ip: string, { level, picture, path, timing, fetchedBy }: EarnedPass): Promise<string> => {
    const at = now();
    const expiresAt = at + TOKEN_TTL_MS;
    const { token, id } = issuePassToken(await store.secret(), expiresAt);
    const answering = networkJudge(ip);
    const { network, kind } = fetchedBy ?? answering;
    const facts = passFacts(
      { level, kind, site: difficulty.siteLevel(), carriers: difficulty.carriersLevel(), switches: difficulty.switches(), at },
      {
        picture,
        path,
        answeredInMs: timing?.answeredInMs ?? null,
        fitsMs: timing === null ? null : Math.round(timing.fitsMs),
        network,
        asn: answering.asn,
      },
    );
    // The pass stands without them: a store that cannot keep them now costs the ledger this pass's facts, never the visitor's pass.
    await store.putPassFacts(id, JSON.stringify(facts), expiresAt).catch(() => {});
    return token;
  };
}
