// The four bodies of POST /captcha/challenge and /captcha/verify as TypeBox schemas (plain JSON Schema at
// run time, for a server's validator and serialiser) with their TypeScript types derived from them.
import { Type, type Static } from 'typebox';
import { TIMING_LIMIT_MS, TRIES_LIMIT, VERIFY_TRAIL_LIMIT } from './contract';

/** Numbers a client may send: finite and bounded, so no Infinity or 1e308 reaches the judging. */
const bounded = () => Type.Number({ minimum: -1e6, maximum: 1e9 });
const integer = () => Type.Integer();

/** The widget asks for a puzzle drawn at its device pixel ratio (a server clamps it); an empty body is fine. */
export const ChallengeRequestSchema = Type.Object({ pixelRatio: Type.Optional(Type.Number()) }, { additionalProperties: false });
export type ChallengeRequest = Static<typeof ChallengeRequestSchema>;

/**
 * A value of the task's signed data, as one type list rather than a union: a validator that coerces (Fastify's
 * Ajv) would turn a number into the union's first type, a string, and break the signature.
 */
const signedScalar = () => Type.Unsafe<string | number | boolean | null>({ type: ['string', 'number', 'boolean', 'null'] });

/** A text field of the work: what a client sends back is bounded before anything hashes it. */
const workText = () => Type.String({ maxLength: 512 });

/**
 * A proof-of-work task (ALTCHA's SHA-256 task): the browser tries counters until the key SHA-256^cost(salt ||
 * nonce || counter) starts with keyPrefix. Signed by the server, bound to one challenge id in its data.
 */
export const WorkTaskSchema = Type.Object({
  parameters: Type.Object({
    algorithm: Type.Literal('SHA-256'),
    nonce: workText(),
    salt: workText(),
    cost: Type.Number(),
    keyLength: integer(),
    keyPrefix: workText(),
    expiresAt: Type.Optional(integer()),
    data: Type.Optional(Type.Record(Type.String(), signedScalar())),
  }),
  signature: workText(),
});
export type WorkTask = Static<typeof WorkTaskSchema>;

/** The first counter whose key starts with the prefix, and that key (hex). */
export const WorkSolutionSchema = Type.Object({
  counter: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  derivedKey: workText(),
});
export type WorkSolution = Static<typeof WorkSolutionSchema>;

/** What an answer carries as its work: the task as the server sent it, and its solution. */
export const SolvedWorkSchema = Type.Object({ task: WorkTaskSchema, solution: WorkSolutionSchema });
export type SolvedWork = Static<typeof SolvedWorkSchema>;

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
  /** Work to solve in the background; an answer without a drag trail (keyboard, tap) needs it solved. */
  work: Type.Optional(WorkTaskSchema),
  /** Whether the server offers the path without the picture (无障碍验证). */
  accessible: Type.Optional(Type.Boolean()),
});
export type ChallengeResponse = Static<typeof ChallengeResponseSchema>;

export const TrailPointSchema = Type.Object({ x: bounded(), y: bounded(), t: bounded() }, { additionalProperties: false });

/**
 * How long the visitor took, as the widget measured it: from the puzzle (or the accessible task) shown to the
 * release (or the task done), and how long its work ran; and, over the opening of the widget it was answered in,
 * the answer's number (`tries`: 1 is the opening's first answer) and the time from the opening's first puzzle
 * shown (`openMs`). Only for the operator's metrics: never judged, and a client may leave it out or lie; the
 * server clamps what it counts.
 */
export const AnswerTimingSchema = Type.Object(
  {
    solveMs: Type.Integer({ minimum: 0, maximum: TIMING_LIMIT_MS }),
    workMs: Type.Integer({ minimum: 0, maximum: TIMING_LIMIT_MS }),
    tries: Type.Optional(Type.Integer({ minimum: 1, maximum: TRIES_LIMIT })),
    openMs: Type.Optional(Type.Integer({ minimum: 0, maximum: TIMING_LIMIT_MS })),
  },
  { additionalProperties: false },
);
export type AnswerTiming = Static<typeof AnswerTimingSchema>;

/** A release: the puzzle's id, the piece offset in canvas units, and the drag trail (canvas units, ms). */
export const VerifyRequestSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    offsetX: bounded(),
    trail: Type.Array(TrailPointSchema, { maxItems: VERIFY_TRAIL_LIMIT }),
    /** The challenge's task with its solution (the server checks the signature, the challenge and the key). */
    work: Type.Optional(SolvedWorkSchema),
    timing: Type.Optional(AnswerTimingSchema),
  },
  { additionalProperties: false },
);
export type VerifyRequest = Static<typeof VerifyRequestSchema>;

/** The path without the picture: a harder task alone, and an estimate of the counters it takes (for progress). */
export const AccessibleChallengeResponseSchema = Type.Object({
  id: Type.String(),
  work: WorkTaskSchema,
  /** The counter is drawn below this: progress is tried / maxCounter (at most). */
  maxCounter: integer(),
  expiresAt: integer(),
});
export type AccessibleChallengeResponse = Static<typeof AccessibleChallengeResponseSchema>;

export const AccessibleVerifyRequestSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }), work: SolvedWorkSchema, timing: Type.Optional(AnswerTimingSchema) },
  { additionalProperties: false },
);
export type AccessibleVerifyRequest = Static<typeof AccessibleVerifyRequestSchema>;

/** `y` with the pass token the registration call then needs, or `n` with a message for the visitor. */
export const VerifyResponseSchema = Type.Object({
  status: Type.Enum(['y', 'n']),
  token: Type.Optional(Type.String()),
  info: Type.Optional(Type.String()),
});
export type VerifyResponse = Static<typeof VerifyResponseSchema>;
