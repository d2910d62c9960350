import type { ChallengeSource, ChallengeVerifier, PuzzleServer, ServerChallenge } from '@game-register/puzzle-captcha';
import { apiClient } from './client';

/** Strict mode's puzzle from the server (POST /api/captcha/challenge); the widget checks its shape. */
export const fetchCaptchaChallenge: ChallengeSource = ({ pixelRatio }, signal) =>
  apiClient.post<ServerChallenge>('/captcha/challenge', { body: { pixelRatio }, signal });

/** The server's verdict on a release: `y` carries the pass token that reg then needs. */
export const verifyCaptcha: ChallengeVerifier = async (answer, signal) => {
  const reply = await apiClient.post<unknown>('/captcha/verify', { body: answer, signal });
  const { status, token } = (reply ?? {}) as { status?: unknown; token?: unknown };
  return status === 'y' && typeof token === 'string' ? { pass: true, token } : { pass: false };
};

/** Strict mode's server for the widget's `server` prop: both calls, each stopped when the puzzle hides. */
export const captchaServer: PuzzleServer = { challenge: fetchCaptchaChallenge, verify: verifyCaptcha };
