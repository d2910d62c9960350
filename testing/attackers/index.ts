// The attack tools: scripted bots, their HTTP client and the vision solver that finds the gap in a picture.
// Tests and benches only (server/captcha/bots*.test.ts, bench/attack/); they left the gateway's published
// ./testing door, which keeps the store contracts and what a consumer's own tests need to pass the gate.
export {
  addressPlan,
  createClient,
  outcomeOf,
  type AddressMode,
  type Answer as ClientAnswer,
  type Client,
  type ClientOptions,
  type Outcome,
  type VerifyBody,
} from './client';
export { verifyBody } from './bot-attempts';
export {
  BOTS,
  findSeededAnswer,
  offsetRange,
  runBot,
  runGuessBot,
  runJumpBot,
  runReplayBot,
  runVisionBot,
  summarise,
  type BotChallenge,
  type BotName,
  type BotOptions,
  type BotReport,
} from './bots';
export { decodePicture, locateGap, type DecodedPicture, type VisionChallenge } from './vision';
export { jumpTrail } from './jump-trail';
export { PUBLIC_METHOD_LABELS, PUBLIC_METHODS, solvePublic, type PublicMethod } from './public-solvers';
