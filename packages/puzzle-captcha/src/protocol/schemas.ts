// The four bodies of POST /captcha/challenge and /captcha/verify as TypeBox schemas (plain JSON Schema at
// run time, for a server's validator and serialiser) with their TypeScript types derived from them.
import { Type, type Static } from 'typebox';
import { VERIFY_TRAIL_LIMIT } from './contract';

/** Numbers a client may send: finite and bounded, so no Infinity or 1e308 reaches the judging. */
const bounded = () => Type.Number({ minimum: -1e6, maximum: 1e9 });
const integer = () => Type.Integer();

/** The widget asks for a puzzle drawn at its device pixel ratio (a server clamps it); an empty body is fine. */
export const ChallengeRequestSchema = Type.Object({ pixelRatio: Type.Optional(Type.Number()) }, { additionalProperties: false });
export type ChallengeRequest = Static<typeof ChallengeRequestSchema>;

/**
 * A puzzle drawn by a server: pictures as URLs (data URLs do), the piece's y; never the gap's x. As a
 * response schema it is also the list of the only fields a server serialises.
 */
export const ChallengeResponseSchema = Type.Object({
  id: Type.String(),
  /** The picture with the gap, canvas width x height (at the pixel ratio asked for). */
  background: Type.String(),
  /** The piece's column: 8 + pieceSize + 8 units wide, full height, the piece inset 3 units. */
  piece: Type.String(),
  pieceY: integer(),
  width: integer(),
  height: integer(),
  pieceSize: integer(),
  /** Epoch milliseconds after which the server no longer judges this puzzle. */
  expiresAt: integer(),
});
export type ChallengeResponse = Static<typeof ChallengeResponseSchema>;

export const TrailPointSchema = Type.Object({ x: bounded(), y: bounded(), t: bounded() }, { additionalProperties: false });

/** A release: the puzzle's id, the piece offset in canvas units, and the drag trail (canvas units, ms). */
export const VerifyRequestSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    offsetX: bounded(),
    trail: Type.Array(TrailPointSchema, { maxItems: VERIFY_TRAIL_LIMIT }),
  },
  { additionalProperties: false },
);
export type VerifyRequest = Static<typeof VerifyRequestSchema>;

/** `y` with the pass token the registration call then needs, or `n` with a message for the visitor. */
export const VerifyResponseSchema = Type.Object({
  status: Type.Enum(['y', 'n']),
  token: Type.Optional(Type.String()),
  info: Type.Optional(Type.String()),
});
export type VerifyResponse = Static<typeof VerifyResponseSchema>;
