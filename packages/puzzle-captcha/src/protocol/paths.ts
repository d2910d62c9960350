// Where the calls are, apart from ./contract: the widget calls none of them, so its published files never carry them.

/**
 * The four calls' paths, under the prefix a host mounts them at (this repository's server: /api): the widget's
 * puzzle and its verdict, 无障碍验证's task and its verdict. A server registers exactly these; a client calls them.
 */
export const CAPTCHA_PATHS = {
  challenge: '/captcha/challenge',
  verify: '/captcha/verify',
  accessible: '/captcha/accessible',
  accessibleVerify: '/captcha/accessible/verify',
} as const;
