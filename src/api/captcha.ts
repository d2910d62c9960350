import type {
  AccessibleServer,
  ChallengeSource,
  ChallengeVerifier,
  PuzzleServer,
  ServerVerdict,
  WaitAnswer,
} from '@game-register/puzzle-captcha';
// Values from the protocol's plain module and its schemas as types only: TypeBox stays out of the bundle.
import {
  CAPTCHA_PATHS,
  PASS_TOKEN_PARAM,
  retryAfterSeconds,
  type AccessibleChallengeResponse,
  type ChallengeResponse,
  type VerifyResponse,
} from '@game-register/puzzle-captcha/protocol';
import { HttpError } from '@/lib/http-client';
import { apiClient } from './client';

/**
 * A refusal of strict mode's calls: a 429 (the network's pass allowance spent, the address locked or past its
 * fetches, a rate limit) is the wait its Retry-After names, bounded (retryAfterSeconds), which the widget counts
 * down; any other error goes through, and the widget shows a failure.
 */
function waitOf(error: unknown): WaitAnswer {
  if (error instanceof HttpError && error.status === 429) return { retryAfterS: retryAfterSeconds(error.retryAfter) };
  throw error;
}

/** A verify's answer: `y` carries the pass token that reg then needs; anything else is a no. */
function readVerdict(reply: unknown): ServerVerdict {
  const { status, token } = (reply ?? {}) as Partial<Record<keyof VerifyResponse, unknown>>;
  return status === 'y' && typeof token === 'string' ? { pass: true, token } : { pass: false };
}

/** Strict mode's puzzle from the server (POST /api/captcha/challenge); the widget checks its shape. */
export const fetchCaptchaChallenge: ChallengeSource = ({ pixelRatio }, signal) =>
  apiClient.post<ChallengeResponse>(CAPTCHA_PATHS.challenge, { body: { pixelRatio }, signal }).catch(waitOf);

/** The server's verdict on a release, or its refusal for now. */
export const verifyCaptcha: ChallengeVerifier = (answer, signal) =>
  apiClient.post<unknown>(CAPTCHA_PATHS.verify, { body: answer, signal }).then(readVerdict, waitOf);

/** 无障碍验证: a harder task alone (POST /api/captcha/accessible), whose solution is the answer. */
export const accessibleCaptcha: AccessibleServer = {
  challenge: (signal) => apiClient.post<AccessibleChallengeResponse>(CAPTCHA_PATHS.accessible, { signal }).catch(waitOf),
  verify: (answer, signal) => apiClient.post<unknown>(CAPTCHA_PATHS.accessibleVerify, { body: answer, signal }).then(readVerdict, waitOf),
};

/** Strict mode's server for the widget's `server` prop: its calls, each stopped when the puzzle hides. */
export const captchaServer: PuzzleServer = { challenge: fetchCaptchaChallenge, verify: verifyCaptcha, accessible: accessibleCaptcha };

/** The query pair that hands the pass token to reg, under the name the server's gate reads. */
export const passTokenQuery = (token: string | undefined): [string, string][] => (token ? [[PASS_TOKEN_PARAM, token]] : []);
