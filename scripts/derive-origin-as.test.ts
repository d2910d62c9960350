import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asnPackageDir, deriveOriginAs } from './derive-origin-as';

describe('the origin-AS table the gateway ships', () => {
  it('is what npm run derive:networks makes of the pinned @ip-location-db/asn', async () => {
    const committed: unknown = JSON.parse(
      readFileSync(new URL('../packages/gateway/src/core/rules/networks/origin-as.json', import.meta.url), 'utf8'),
    );
    expect(await deriveOriginAs(asnPackageDir())).toEqual(committed);
  }, 60_000);
});
