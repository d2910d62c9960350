import type { ChallengeSource, ChallengeVerifier, ServerChallenge } from '@game-register/puzzle-captcha';
import { apiClient } from './client';

/** Strict mode's puzzle from the server (POST /api/captcha/challenge); the widget checks its shape. */
export const fetchCaptchaChallenge: ChallengeSource = ({ pixelRatio }) =>
  apiClient.post<ServerChallenge>('/captcha/challenge', { body: { pixelRatio } });

/** The server's verdict on a release: `y` carries the pass token that reg then needs. */
export const verifyCaptcha: ChallengeVerifier = async (answer) => {
  const reply = await apiClient.post<unknown>('/captcha/verify', { body: answer });
  const { status, token } = (reply ?? {}) as { status?: unknown; token?: unknown };
  return status === 'y' && typeof token === 'string' ? { pass: true, token } : { pass: false };
};
