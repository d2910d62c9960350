export { checkField } from './check-field';
export { buildRegistrationQuery, pingRegistration, registerAccount, type Registration } from './register-account';
export { HTTP_TIMEOUT_MS } from './client';
export { captchaServer, fetchCaptchaChallenge, passTokenQuery, verifyCaptcha } from './captcha';
export { reportPuzzleStep } from './funnel';
export { puzzleOpenings } from './puzzle-opening';
