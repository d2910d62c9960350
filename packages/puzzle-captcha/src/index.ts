// The widget's only door: import it lazily, e.g.
//   const PuzzleCaptcha = lazy(() => import('@game-register/puzzle-captcha').then((m) => ({ default: m.PuzzleCaptcha })));
export { PuzzleCaptcha } from './react/puzzle-captcha';
export type {
  AccessibleServer,
  ChallengeSource,
  ChallengeVerifier,
  PuzzleCaptchaProps,
  PuzzleCaptchaType,
  PuzzleResult,
  PuzzleServer,
  PuzzleVerdict,
  PuzzleVerdictHandler,
  RandomSource,
  ServerChallenge,
  ServerVerdict,
  TrailPoint,
  WaitAnswer,
} from './react/types';
