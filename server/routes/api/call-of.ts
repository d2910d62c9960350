/** The backend's three calls, as the funnel counts them. */
export type ApiCall = 'checkuser' | 'checktel' | 'reg';

/**
 * A request path as the backend would route it: percent-decoded (up to three times), backslashes as slashes,
 * no `./` segments, no repeated slashes. Case is kept; callers match without regard to it.
 */
export function normalizedPath(url: string): string {
  let text = url.split('?', 1)[0]!; // the path only: a query mentioning index/reg is not a call to reg
  for (let i = 0; i < 3; i += 1) {
    try {
      const decoded = decodeURIComponent(text);
      if (decoded === text) break;
      text = decoded;
    } catch {
      break;
    }
  }
  return text.replace(/\\/g, '/').replace(/\/(\.\/)+/g, '/').replace(/\/{2,}/g, '/');
}

const CALL = /index\/+(checkuser|checktel|reg)(?![a-z0-9_])/i;

/**
 * Which of the three calls a request reaches, however its path is spelled (case, percent-encoding,
 * backslashes, repeated slashes, dot segments, suffixes such as `reg.html`), or null.
 */
export function apiCallOf(url: string): ApiCall | null {
  const match = CALL.exec(normalizedPath(url));
  return match ? (match[1]!.toLowerCase() as ApiCall) : null;
}
