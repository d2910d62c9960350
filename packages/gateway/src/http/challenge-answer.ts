// A challenge's answer as bytes: its small fields through a response schema, its pictures already serialised
// by the draw thread (draw-worker.ts). Escaping and UTF-8-encoding 80 KB of base64 per answer was most of
// the event loop's time in a burst answered from the stock.
import { Type, type Static } from 'typebox';
import { ChallengeResponseSchema } from '@game-register/puzzle-captcha/protocol';

/** Every field of the answer but the pictures: the only ones serialised per request, and nothing else (the gap above all). */
const headSchema = Type.Omit(ChallengeResponseSchema, ['background', 'piece']);
export type ChallengeHead = Static<typeof headSchema>;
/** As Fastify's serializeInput takes it (plain JSON Schema). */
export const ChallengeHeadSchema = headSchema as unknown as Record<string, unknown>;

const CLOSE = Buffer.from('}');

/** A challenge's answer as it is sent: the UTF-8 JSON of a ChallengeResponse (the protocol's schema). */
export type ChallengeAnswerBytes = Buffer;

/** `{...head, "background":…, "piece":…}` from the head's JSON object and the picture fields. */
export function challengeAnswer(headJson: string, pictureFields: Uint8Array): ChallengeAnswerBytes {
  if (!headJson.startsWith('{') || !headJson.endsWith('}') || headJson.length < 3)
    throw new Error('the challenge head is not a non-empty JSON object');
  return Buffer.concat([Buffer.from(`${headJson.slice(0, -1)},`), pictureFields, CLOSE]);
}
