import { config } from '@/config/env';
import { buildQuery } from '@/lib/http-client';
import { visitChannel } from '@/lib/visit-channel';

/** A step of the puzzle, which only the browser sees when it judges the puzzle itself. */
export type PuzzleStep = 'shown' | 'passed';

/**
 * Tells the server's funnel a puzzle step (POST /api/funnel?step=…&c=…, no body, answered 204 by the server
 * in every mode): a beacon, so it never delays the visitor and survives leaving the page. Best effort.
 */
export function reportPuzzleStep(step: PuzzleStep): void {
  const url = `${config.apiBase}/funnel?${buildQuery([['step', step], ['c', visitChannel(config.channel)]])}`;
  try {
    navigator.sendBeacon?.(url);
  } catch {
    // a refused beacon costs one count, never the visitor anything
  }
}
