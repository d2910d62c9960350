// Strict mode's calls as the benches make them: a POST with a posed address, the proof of work solved with
// the gateway's test kit (node:crypto's SHA-256, as a script would), and the fixed-seed puzzle's answer found
// from outside by trying.
import {
  CAPTCHA_PATHS,
  ChallengeResponseSchema,
  VerifyResponseSchema,
  type ChallengeResponse,
} from '@game-register/puzzle-captcha/protocol';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { humanTrail, solvedWork } from '@game-register/gateway/testing';

/** POSTs `body` as from `address` and answers the JSON body, checked against the protocol's `schema`. */
async function post<T extends TSchema>(schema: T, base: string, path: string, body: unknown, address = '127.0.0.1') {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  if (!Value.Check(schema, answer)) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
  return answer;
}

export const challenge = (base: string, address?: string) =>
  post(ChallengeResponseSchema, base, `/api${CAPTCHA_PATHS.challenge}`, { pixelRatio: 2 }, address);
export const verify = (base: string, body: unknown, address?: string) =>
  post(VerifyResponseSchema, base, `/api${CAPTCHA_PATHS.verify}`, body, address);

/** The hand-like drags the answers carry (the bots' own), seeded so runs repeat. */
export const trailMaker = (seed: number) => {
  const random = seededRandom(seed);
  return (offsetX: number, layout: { width: number; pieceSize: number }) => humanTrail(offsetX, layout, random);
};

/** Finds the pinned puzzle's answer from outside, trying offsets in steps of 19 (< 2 x tolerance) with solved work. */
export async function findAnswer(
  base: string,
  trail: ReturnType<typeof trailMaker>,
): Promise<{ offsetX: number; challenge: ChallengeResponse }> {
  for (let offsetX = 5, attempt = 0; offsetX < 310; offsetX += 19, attempt += 1) {
    const address = `10.9.${attempt}.1`;
    const next = await challenge(base, address);
    const work = next.work ? solvedWork(next.work).work : undefined;
    const verdict = await verify(base, { id: next.id, offsetX, trail: trail(offsetX, next), work }, address);
    if (verdict.status === 'y') return { offsetX, challenge: next };
  }
  throw new Error('no offset passed the pinned puzzle');
}
