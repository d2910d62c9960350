// The gateway's origin-AS table (origin-as.json, derived by `npm run derive:networks`), loaded once.
import table from './origin-as.json' with { type: 'json' };
import { createOriginAs, type OriginAs, type OriginAsTable } from './origin-as';

/**
 * A table decoded, or an error that stops the start: a table of no ranges would judge every address unknown
 * (no carrier, no cloud) without a word.
 */
export function checkedOriginAs(given: OriginAsTable): OriginAs {
  const originAs = createOriginAs(given);
  if (originAs.ranges === 0) {
    throw new Error(
      `@game-register/gateway: the origin-AS table (${given.source}) holds no ranges: every address would be judged unknown. ` +
        `Make it again with npm run derive:networks.`,
    );
  }
  return originAs;
}

let loaded: OriginAs | null = null;
/** The table shipped with the gateway, decoded on first use (about 100 ms). */
export const shippedOriginAs = () => (loaded ??= checkedOriginAs(table as OriginAsTable));
