// What the shipped judge makes of the dataset its table comes from (docs/decisions/networks-as-they-are.md): the Chinese carriers' access
// space judged carrier, the clouds judged hosting, no candidate left unreviewed. Reads the @ip-location-db/asn devDependency, as a clean
// `npm ci` installs it.
import { join } from 'node:path';
import { CARRIER_ASNS, createNetworkJudge, HOSTING_ASNS, NO_ADDITIONS, shippedOriginAs } from '@game-register/gateway/policy';
import { asnPackageDir } from './derive-origin-as';
import { CARRIER_NOT_ACCESS, CHINESE_CARRIER_ORG, ipv4Rows, summariseAses, unreviewed, type DatasetRow } from './network-review';

const judge = createNetworkJudge(shippedOriginAs(), () => NO_ADDITIONS);
const dotted = (address: number) => [address >>> 24, (address >>> 16) & 255, (address >>> 8) & 255, address & 255].join('.');
const hosting = new Set(HOSTING_ASNS);

// The clouds that rent machines by the hour, the largest and some small ones, by their ASes.
const CLOUDS: [string, number[]][] = [
  ['Amazon', [16509, 14618]],
  ['Microsoft Azure', [8075]],
  ['Google Cloud', [15169, 396982]],
  ['Oracle Cloud', [31898]],
  ['Alibaba Cloud', [37963, 45102, 134963]],
  ['Tencent Cloud', [45090, 132203, 133478]],
  ['Huawei Cloud', [55990, 136907]],
  ['Baidu', [38365, 55967]],
  ['UCloud', [135377]],
  ['Kingsoft Cloud', [59019]],
  ['Volcano Engine', [137718]],
  ['JD Cloud', [131486]],
  ['China Telecom cloud', [58519]],
  ['China Telecom IDC', [23724]],
  ['DigitalOcean', [14061]],
  ['Hetzner', [24940, 213230]],
  ['OVH', [16276]],
  ['Vultr', [20473]],
  ['Linode', [63949]],
  ['Contabo', [51167, 40021, 141995]],
  ['M247', [9009]],
  ['IBM Cloud', [36351]],
  ['Scaleway', [12876, 29447]],
  ['Leaseweb', [60781, 28753, 395954, 59253]],
  ['Zenlayer', [21859]],
  ['Hostinger', [47583]],
  ['HostPapa', [36352]],
  ['Kamatera', [36007]],
  ['DMIT', [906]],
  ['IT7', [25820]],
  ['BuyVM', [53667]],
  ['Datacamp', [60068]],
];

const rows: DatasetRow[] = [];
beforeAll(async () => {
  for await (const row of ipv4Rows(join(asnPackageDir(), 'asn-ipv4-num.csv'))) rows.push(row);
}, 60_000);

describe('the networks the gateway ships, measured on the dataset', () => {
  it("judges at least 99% of the Chinese carriers' access IPv4 space carrier (their IDC and overseas ASes are not access)", () => {
    let [space, judgedCarrier] = [0, 0];
    for (const row of rows) {
      if (!CHINESE_CARRIER_ORG.test(row.org) || hosting.has(row.asn) || row.asn in CARRIER_NOT_ACCESS) continue;
      const size = row.last - row.first + 1;
      const probes = [row.first, row.first + Math.floor(size / 2), row.last];
      space += size;
      judgedCarrier += (size * probes.filter((address) => judge(dotted(address)).kind === 'carrier').length) / probes.length;
    }
    expect(space).toBeGreaterThan(200_000_000); // the carriers' rows are there: about 262 M addresses
    expect(judgedCarrier / space).toBeGreaterThanOrEqual(0.99);
  });

  it('judges addresses sampled across every AS of the clouds, large and small, hosting', () => {
    const notHosting = [];
    for (const [cloud, asns] of CLOUDS) {
      for (const asn of asns) {
        const own = rows.filter((row) => row.asn === asn);
        expect(own.length, `${cloud}: AS${asn} has rows in the dataset`).toBeGreaterThan(0);
        const step = Math.max(1, Math.floor(own.length / 40));
        for (let i = 0; i < own.length; i += step) {
          const address = dotted(own[i]!.first + Math.floor((own[i]!.last - own[i]!.first) / 2));
          if (judge(address).kind !== 'hosting') notHosting.push(`${cloud} AS${asn} ${address}`);
        }
      }
    }
    expect(notHosting).toEqual([]);
  });

  it('leaves no candidate of the review unreviewed: each is in a list or an exclusion with its reason', async () => {
    const { carriers, hosts } = unreviewed((await summariseAses(rows)).values(), new Set([...CARRIER_ASNS, ...HOSTING_ASNS]));
    expect({ carriers, hosts }).toEqual({ carriers: [], hosts: [] });
  });
});
