// Lists what a review of the networks still has to look at (docs/decisions/networks-as-they-are.md): the
// ASes of @ip-location-db/asn whose organisation names a Chinese carrier or a host (scripts/network-review.ts)
// and that neither the gateway's lists (packages/gateway/src/core/rules/networks/asn-lists.ts) nor the reviewed
// exclusions hold. Each goes into a list, with its name, or into an exclusion, with the reason.
//   npm run networks:candidates        (after a bump of the dataset; then npm run derive:networks)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CARRIER_ASNS, HOSTING_ASNS } from '@game-register/gateway/policy';
import { asnPackageDir } from './derive-origin-as';
import { ipv4Rows, summariseAses, unreviewed, type AsSummary } from './network-review';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ases = await summariseAses(ipv4Rows(join(asnPackageDir(), 'asn-ipv4-num.csv')));
  const { carriers, hosts } = unreviewed(ases.values(), new Set([...CARRIER_ASNS, ...HOSTING_ASNS]));
  const show = (title: string, list: AsSummary[]) => {
    console.log(`${title}: ${list.length}`);
    for (const { asn, addresses, org } of list) console.log(`  ${asn}\t${addresses}\t${org}`);
  };
  show('Chinese carriers by name, in no list (carrier, hosting if an IDC, or CARRIER_NOT_ACCESS)', carriers);
  show('hosts by name, in no list (hosting, or NOT_HOSTING)', hosts);
}
