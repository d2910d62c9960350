import type { AccessibleServer, ChallengeSource, ChallengeVerifier, PuzzleServer } from '@game-register/puzzle-captcha';
// Values from the protocol's plain module and its schemas as types only: TypeBox stays out of the bundle.
import { PASS_TOKEN_PARAM, type AccessibleChallengeResponse, type ChallengeResponse, type VerifyResponse } from '@game-register/puzzle-captcha/protocol';
import { apiClient } from './client';

/** Strict mode's puzzle from the server (POST /api/captcha/challenge); the widget checks its shape. */
export const fetchCaptchaChallenge: ChallengeSource = ({ pixelRatio }, signal) =>
  apiClient.post<ChallengeResponse>('/captcha/challenge', { body: { pixelRatio }, signal });

/** The server's verdict on a release: `y` carries the pass token that reg then needs. */
export const verifyCaptcha: ChallengeVerifier = async (answer, signal) => {
  const reply = await apiClient.post<unknown>('/captcha/verify', { body: answer, signal });
  const { status, token } = (reply ?? {}) as Partial<Record<keyof VerifyResponse, unknown>>;
  return status === 'y' && typeof token === 'string' ? { pass: true, token } : { pass: false };
};

/** 无障碍验证: a harder task alone (POST /api/captcha/accessible), whose solution is the answer. */
export const accessibleCaptcha: AccessibleServer = {
  challenge: (signal) => apiClient.post<AccessibleChallengeResponse>('/captcha/accessible', { signal }),
  verify: async (answer, signal) => {
    const reply = await apiClient.post<unknown>('/captcha/accessible/verify', { body: answer, signal });
    const { status, token } = (reply ?? {}) as Partial<Record<keyof VerifyResponse, unknown>>;
    return status === 'y' && typeof token === 'string' ? { pass: true, token } : { pass: false };
  },
};

/** Strict mode's server for the widget's `server` prop: its calls, each stopped when the puzzle hides. */
export const captchaServer: PuzzleServer = { challenge: fetchCaptchaChallenge, verify: verifyCaptcha, accessible: accessibleCaptcha };

/** The query pair that hands the pass token to reg, under the name the server's gate reads. */
export const passTokenQuery = (token: string | undefined): [string, string][] => (token ? [[PASS_TOKEN_PARAM, token]] : []);
