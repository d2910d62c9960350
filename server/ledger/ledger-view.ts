// The ledger on the metrics listener only (never the public port): GET /ledger?since=24h&verdict=suspect&view=groups
// &format=csv, behind `Authorization: Bearer <LEDGER_TOKEN>`. Without the right token: 401, whatever else the
// request says; the token is compared in constant time and never written to a log. Without LEDGER_TOKEN: off (404).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LedgerStore } from './ledger-store';
import { groupsOf } from './groups';
import { entriesCsv, groupsCsv } from './ledger-format';
import { readLedgerAsk } from './ledger-query';

export const LEDGER_PATH = '/ledger';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the bearer token: both hashed first, so the comparison's time says nothing of the length either. */
export function hasBearer(request: IncomingMessage, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = /^Bearer (\S+)$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));

/** The view's handler for the metrics listener (plugins/metrics.ts), reading `store`. */
export function ledgerView(store: LedgerStore, token: string, now: () => number, onError: (error: unknown) => void) {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!hasBearer(request, token)) {
      response
        .writeHead(401, { 'www-authenticate': 'Bearer realm="ledger"', 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ error: 'a bearer token is needed (LEDGER_TOKEN)' }));
      return;
    }
    const url = new URL(request.url ?? '/', 'http://ledger');
    const ask = readLedgerAsk(Object.fromEntries(url.searchParams), now());
    if ('problems' in ask) return json(response, 400, { error: ask.problems.join('; ') });
    store.list(ask.query).then(
      (entries) => {
        if (ask.view === 'groups') {
          const groups = groupsOf(entries);
          if (ask.format === 'csv')
            return response
              .writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store' })
              .end(groupsCsv(groups));
          return json(response, 200, { groups });
        }
        if (ask.format === 'csv')
          return response
            .writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store' })
            .end(entriesCsv(entries));
        return json(response, 200, { entries });
      },
      (error: unknown) => {
        onError(error);
        json(response, 503, { error: 'the ledger could not be read' });
      },
    );
  };
}
