import { API_CALLS, type ApiCall } from './calls';
import { fieldNamed } from './read-pairs';

const EVERY_FIELD = (Object.keys(API_CALLS) as ApiCall[]).flatMap((call) => [...API_CALLS[call].query, ...API_CALLS[call].gatewayOnly]);

/**
 * What is wrong with API_FORWARD_COOKIES (read as cookie names by config/config-readers.ts) for this wing: a
 * name a backend could read as one of the calls' fields (PHP's $_REQUEST may include cookies) is refused. The
 * wing judges it as it starts, with the calls it reads: the settings know nothing of them.
 */
export function forwardCookieProblems(names: readonly string[]): string[] {
  return names
    .filter((name) => fieldNamed(name, EVERY_FIELD) !== null)
    .map((name) => `API_FORWARD_COOKIES may not name a field of the API's calls, got "${name}"`);
}
