import { FUNNEL_WIRE, pathUnderBase } from '@game-register/api-wire';
import { config } from '@/config/env';
import { buildQuery } from '@/lib/http-client';
import { visitChannel } from '@/lib/visit-channel';

/** A step of the puzzle, which only the browser sees when it judges the puzzle itself. */
export type PuzzleStep = 'shown' | 'passed';

/**
 * The level and picture of an opening's first puzzle, as both of the opening's beacons carry them: strict mode's
 * as its work task seals them (`lv`, `pic`), `pic: 'browser'` in the default mode, nothing when no level is known.
 */
export interface OpeningStart {
  lv?: number;
  pic?: string;
}

/**
 * Tells the server's funnel a puzzle step (POST /api/funnel?step=…&c=…&lv=…&pic=…, no body, answered 204 by the
 * server in every mode): a beacon, so it never delays the visitor and survives leaving the page. Best effort.
 */
export function reportPuzzleStep(step: PuzzleStep, { lv, pic }: OpeningStart = {}): void {
  const pairs: [(typeof FUNNEL_WIRE.fields)[number], string][] = [
    ['step', step],
    ['c', visitChannel(config.channel)],
  ];
  if (lv !== undefined) pairs.push(['lv', String(lv)]);
  if (pic !== undefined) pairs.push(['pic', pic]);
  const url = `${config.apiBase}${pathUnderBase('funnel')}?${buildQuery(pairs)}`;
  try {
    navigator.sendBeacon?.(url);
  } catch {
    // a refused beacon costs one count, never the visitor anything
  }
}
