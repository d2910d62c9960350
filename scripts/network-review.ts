// How the lists in packages/gateway/src/core/rules/networks/asn-lists.ts were found, so that a newer dataset is
// reviewed the same way: the organisation-name patterns that find candidates in @ip-location-db/asn, and the
// candidates reviewed as neither kind. `npm run networks:candidates` lists the candidates no list holds yet;
// scripts/network-coverage.test.ts measures what the shipped judge makes of the dataset.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** The Chinese carriers' organisations as the dataset names them (China Mobile, Unicom, Telecom, TieTong, CERNET, CNIX). */
export const CHINESE_CARRIER_ORG =
  /china ?mobile|chinanet|china ?telecom|chinatelecom|china ?unicom|\bunicom\b.*province|china169|cncgroup|china netcom|tietong|cernet|china education and research|china networks inter-exchange|provincial net of ct/i;
/** Names of those who rent machines. */
export const HOSTING_ORG = /hosting|\bhost|cloud|server|data ?cent|datacenter|\bvps\b|colo(cation)?\b|\bidc\b|dedicated/i;
/** A host found by name is a candidate from a /22 of IPv4 up: smaller ones are the operator's CIDRs to add. */
export const HOSTING_MIN_ADDRESSES = 1024;

/** One row of the dataset's CSV: an inclusive range, its origin AS and the AS's organisation. */
export interface DatasetRow {
  first: number;
  last: number;
  asn: number;
  org: string;
}

/** The rows of asn-ipv4-num.csv (`first,last,asn,org`, the org quoted when it holds a comma). */
export async function* ipv4Rows(file: string): AsyncGenerator<DatasetRow> {
  for await (const line of createInterface({ input: createReadStream(file) })) {
    const [first, last, asn] = line.split(',', 3) as [string, string, string];
    const quoted = line.slice(first.length + last.length + asn.length + 3);
    const org = quoted.startsWith('"') && quoted.endsWith('"') ? quoted.slice(1, -1).replaceAll('""', '"') : quoted;
    yield { first: Number(first), last: Number(last), asn: Number(asn), org };
  }
}

export interface AsSummary {
  asn: number;
  org: string;
  /** Its IPv4 addresses in the dataset. */
  addresses: number;
}

/** Each AS of the dataset's IPv4 rows: its organisation and its address count. */
export async function summariseAses(rows: AsyncIterable<DatasetRow> | Iterable<DatasetRow>): Promise<Map<number, AsSummary>> {
  const ases = new Map<number, AsSummary>();
  for await (const row of rows) {
    const summary = ases.get(row.asn) ?? { asn: row.asn, org: row.org, addresses: 0 };
    summary.addresses += row.last - row.first + 1;
    ases.set(row.asn, summary);
  }
  return ases;
}

/** The candidates the patterns find that neither the lists nor the reviewed exclusions hold, largest first. */
export function unreviewed(ases: Iterable<AsSummary>, listed: ReadonlySet<number>) {
  const open = [...ases]
    .filter(({ asn }) => !listed.has(asn) && !(asn in CARRIER_NOT_ACCESS) && !(asn in NOT_HOSTING))
    .sort((a, b) => b.addresses - a.addresses);
  return {
    carriers: open.filter(({ org }) => CHINESE_CARRIER_ORG.test(org)),
    hosts: open.filter(({ org, addresses }) => HOSTING_ORG.test(org) && addresses >= HOSTING_MIN_ADDRESSES),
  };
}

/** Chinese carriers' ASes (by name) that are neither access networks nor IDCs: overseas arms, IoT, offices. */
export const CARRIER_NOT_ACCESS: Readonly<Record<number, string>> = {
  58453: 'China Mobile International (overseas)',
  23764: 'China Telecom Global (overseas)',
  137689: 'China Telecom IoT, Jiangsu: SIM-card devices, not people',
  10099: 'China Unicom Hong Kong (overseas)',
  58807: 'China Mobile International (overseas)',
  151823: 'China Telecom industrial internet platform (CT CENTRALSOUTH CHINA IIP)',
  133111: 'CERNET New Technology: the commercial company, not the universities',
  137692: 'China Telecom IoT, Guangdong',
  140636: 'China Telecom IoT, Beijing (CHINANET IOT BEIJING)',
  135386: 'LinkChina Telecom Global: not China Telecom',
  140638: 'China Telecom IoT, Sichuan (CHINANET IOT SICHUAN)',
  64079: 'China Telecom Global (overseas)',
  19174: 'China Unicom Americas (overseas)',
  58777: 'China Telecom Cybersecurity Tech: a security company',
  136167: 'China Telecom Macau (overseas)',
  36678: 'China Telecom Americas (overseas)',
  24545: 'South China Telecommunications (H.K.): not China Telecom',
  63527: 'China Telecom Global (overseas)',
  132281: 'China Unicom Singapore (overseas)',
  209141: 'China Mobile International Russia (overseas)',
  268862: 'China Mobile International Brazil (overseas)',
  328787: 'China Mobile International South Africa (overseas)',
  136750: 'China Mobile International (overseas)',
  49209: 'China Telecom Europe (overseas)',
  150203: 'China Telecom Indonesia (overseas)',
  197407: 'China Unicom Europe (overseas)',
  44516: 'China Telecom Europe (overseas)',
  132389: 'China Mobile International (overseas)',
  139619: 'China Mobile International (overseas)',
  139767: "China Telecom's head office network (CHINANET OA)",
  141419: 'China Mobile International Thailand (overseas)',
  149967: 'China Mobile Indonesia (overseas)',
  25726: 'China Telecom South Africa (overseas)',
};

/** Found by a hosting pattern, reviewed: not machines for rent (ISPs, Wi-Fi, a company's own network). */
export const NOT_HOSTING: Readonly<Record<number, string>> = {
  13335: 'Cloudflare, Inc.: Cloudflare: its WARP VPN carries people',
  209242: 'Cloudflare London, LLC: Cloudflare',
  14789: 'Cloudflare, Inc.: Cloudflare',
  132892: 'Cloudflare, Inc.: Cloudflare',
  202623: 'Cloudflare Inc: Cloudflare',
  395747: 'Cloudflare, Inc.: Cloudflare',
  41012: 'The Cloud Networks Limited: public Wi-Fi',
  20830: 'The Cloud Networks Germany GmbH: public Wi-Fi',
  42390: 'The Cloud Networks Germany GmbH: public Wi-Fi',
  329580: 'The Cloud Network Limited: public Wi-Fi',
  394233: 'Cloudwifi: Wi-Fi access',
  202913: 'CLOUDWIFI, SL: Wi-Fi access',
  19646: "BBDO-COLO - BBDO NY: an agency's own network",
  28239: 'IWserver Internet Banda Larga Ltda.: a broadband ISP',
  54142: 'White Cloud Communications US, LLC: a rural ISP',
  18632: 'Volcano Vision, Inc.: an ISP ("volc" matched)',
  57684: 'Wasserversorgung Bayerischer Wald: a water utility ("server" inside a German word)',
  197157: "SoundCloud Management GmbH: SoundCloud's own network",
  394353: 'B.Root-Server-OPS: a DNS root server',
  201081: "SMARTADSERVER EQUATIV SAS: an ad server's own network",
  41821: 'Episerver GmbH: a software company',
  10975: "American International Group Data Center, Inc.: an insurer's data centre",
  11235: 'Itron-Hosting: a utility',
  46994: 'Telax Hosted Call Centre: a call centre',
  135952: 'VPS Securities Joint Stock Company: a stock broker',
  134340: 'cloudsky superfast broadband and services Pvt Ltd: a broadband ISP',
  135691: 'Cloudlasers Broadband: a broadband ISP',
  135207: 'Cloudnet Communications Pvt Ltd: an ISP',
  134596: 'WICLOUD PVT LTD.: an ISP',
  139020: 'CloudLink Communications: an ISP',
  135949: 'Cloudfone Viet Nam Joint Stock Company: a VoIP operator',
  264380: 'Server Fast Telecom: an ISP',
  267212: 'SERVER MEDIA COMUNICACAO LTDA: an ISP',
  61653: 'Meta Servers Tecnologia e Telecomunicacaoes Ltda: an ISP',
  270711: 'Cloud Telecom Eireli: an ISP',
  3700: 'Cloud 9 Internet, Inc.: an ISP',
  32664: 'Cloudnet, Inc.: an ISP',
  40399: 'Masergy Cloud Communications, Inc.: an enterprise network',
  395279: 'Mitel Cloud Services: a phone service',
  39221: 'Cloud PBX Solutions TOO: a phone service',
  9232: 'Cloud Information Technology (Intl) Telecom Group LIMITED: a telecom operator',
  149290: 'Cloud Telecommunications (S) PTE. LTD.: a telecom operator',
  208457: 'CLOUD Telecom Lda: a telecom operator',
  214708: 'CLOUD TELECOM SAS: a telecom operator',
  64290: 'Server ISP: an ISP',
};
