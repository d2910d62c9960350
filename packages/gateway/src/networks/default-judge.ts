// The gateway's origin-AS table (origin-as.json, derived by `npm run derive:networks`), loaded once.
import table from './origin-as.json' with { type: 'json' };
import { createOriginAs, type OriginAsTable } from './origin-as';

let loaded: ReturnType<typeof createOriginAs> | null = null;
/** The table shipped with the gateway, decoded on first use (about 30 ms). */
export const shippedOriginAs = () => (loaded ??= createOriginAs(table as OriginAsTable));
