import { API_CALLS, type ApiCall } from './calls';
import { fieldNamed } from './read-pairs';

const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const EVERY_FIELD = (Object.keys(API_CALLS) as ApiCall[]).flatMap((call) => [...API_CALLS[call].query, ...API_CALLS[call].gatewayOnly]);

/**
 * API_FORWARD_COOKIES: the cookies the backend needs, by name (comma or space separated). A name a backend
 * could read as one of the calls' fields (PHP's $_REQUEST may include cookies) is refused.
 */
export function parseForwardCookies(value: string | undefined, problems: string[]): string[] {
  const names = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const name of names) {
    if (!COOKIE_NAME.test(name)) problems.push(`API_FORWARD_COOKIES entries must be cookie names, got "${name}"`);
    else if (fieldNamed(name, EVERY_FIELD) !== null)
      problems.push(`API_FORWARD_COOKIES may not name a field of the API's calls, got "${name}"`);
  }
  return names;
}
