type CaptchaModule = typeof import('@game-register/puzzle-captcha');

let loading: Promise<CaptchaModule> | null = null;

/** Loads the puzzle chunk once; a failed load (flaky network) is forgotten so the next call retries. */
export function loadCaptcha(): Promise<CaptchaModule> {
  loading ??= import('@game-register/puzzle-captcha').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
