// Derives the compact origin-AS table the gateway classifies networks by (packages/gateway/src/core/rules/networks/
// origin-as.json) from the @ip-location-db/asn package (a devDependency, CC BY 4.0: RouteViews, DB-IP, NRO):
// only the prefixes of the ASes the policy names (CARRIER_ASNS, HOSTING_ASNS) and of those the site settings
// file (SITE_CONFIG, captcha.networks) adds, adjacent ranges of one AS merged, IPv6 to /64.
//   npm run derive:networks            (the table is committed: a clean clone and the published package need no 60 MB)
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CARRIER_ASNS, HOSTING_ASNS } from '@game-register/gateway/policy';
import type { OriginAsTable } from '@game-register/gateway';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), '../packages/gateway/src/core/rules/networks/origin-as.json');

/** The ASes a site settings file adds (captcha.networks.<kind>.asns), if SITE_CONFIG names one. */
function settingsAsns(path: string | undefined): number[] {
  if (!path) return [];
  const settings = JSON.parse(readFileSync(path, 'utf8')) as { captcha?: { networks?: Record<string, { asns?: number[] }> } };
  return Object.values(settings.captcha?.networks ?? {}).flatMap((kind) => kind.asns ?? []);
}

/** Rows `first,last,asn,org` of one CSV whose AS is wanted, adjacent ranges of one AS merged. */
async function rangesOf(file: string, wanted: ReadonlySet<number>, parse: (text: string) => bigint): Promise<[bigint, bigint, number][]> {
  const ranges: [bigint, bigint, number][] = [];
  for await (const line of createInterface({ input: createReadStream(file) })) {
    const [first, last, asn] = line.split(',', 3) as [string, string, string];
    const as = Number(asn);
    if (!wanted.has(as)) continue;
    const [start, end] = [parse(first), parse(last)];
    const previous = ranges.at(-1);
    if (previous && previous[2] === as && previous[1] + 1n >= start) previous[1] = end > previous[1] ? end : previous[1];
    else ranges.push([start, end, as]);
  }
  return ranges;
}

/** The table, from the package's directory. */
export async function deriveOriginAs(packageDir: string, extraAsns: readonly number[] = []): Promise<OriginAsTable> {
  const wanted = new Set([...CARRIER_ASNS, ...HOSTING_ASNS, ...extraAsns]);
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const v4 = await rangesOf(join(packageDir, 'asn-ipv4-num.csv'), wanted, BigInt);
  // IPv6 by its top 64 bits (a /64 is the finest network the gateway judges), as 16 hex digits: they sort as text.
  const v6 = await rangesOf(join(packageDir, 'asn-ipv6-num.csv'), wanted, (text) => BigInt(text) >> 64n);
  const asns = [...wanted].sort((a, b) => a - b);
  // Each range as "gap size as" in base 36: its distance from the end of the one before, its size, its AS's index in `asns`.
  const encode = (ranges: [bigint, bigint, number][]) => {
    let previousEnd = -1n;
    return ranges
      .map(([start, end, as]) => {
        const entry = [start - previousEnd - 1n, end - start + 1n, BigInt(asns.indexOf(as))].map((value) => value.toString(36)).join(' ');
        previousEnd = end;
        return entry;
      })
      .join(',');
  };
  return { source: `@ip-location-db/asn ${version} (RouteViews, DB-IP, NRO; CC BY 4.0)`, asns, v4: encode(v4), v6: encode(v6) };
}

export const asnPackageDir = () => dirname(createRequire(import.meta.url).resolve('@ip-location-db/asn/package.json'));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = await deriveOriginAs(asnPackageDir(), settingsAsns(process.env.SITE_CONFIG));
  writeFileSync(OUTPUT, `${JSON.stringify(table)}\n`);
  console.log(
    `[derive:networks] ${table.asns.length} ASes, ${table.v4.split(',').length} IPv4 and ${table.v6.split(',').length} IPv6 ranges from ${table.source} -> ${OUTPUT}`,
  );
}
