import { describe, expect, it } from 'vitest';
import { shippedOriginAs } from './default-judge';
import { createNetworkJudge, NO_ADDITIONS, type NetworkAdditions } from './network-kind';

const judge = (additions: NetworkAdditions = NO_ADDITIONS) => createNetworkJudge(shippedOriginAs(), () => additions);

describe('the kind of a network, from its origin AS', () => {
  it('knows China Mobile, Unicom, Telecom and their provincial ASes as carriers, by /24 on IPv4', () => {
    expect(judge()('36.128.5.9')).toEqual({ kind: 'carrier', asn: 9808, network: '36.128.5.0/24' });
    expect(judge()('1.24.3.4')).toMatchObject({ kind: 'carrier', asn: 4837 });
    expect(judge()('1.48.0.77')).toMatchObject({ kind: 'carrier', asn: 4134 });
    expect(judge()('36.139.1.1')).toMatchObject({ kind: 'carrier', asn: 56040 });
  });

  it("knows the carriers' ASes the dataset holds beyond the backbones: TieTong, CNIX, provincial and 5G ASes", () => {
    expect(judge()('36.192.9.1')).toMatchObject({ kind: 'carrier', asn: 9394 }); // China TieTong
    expect(judge()('1.119.130.1')).toMatchObject({ kind: 'carrier', asn: 4847 }); // CNIX
    expect(judge()('36.140.254.7')).toMatchObject({ kind: 'carrier', asn: 24444 }); // China Mobile Shandong
    expect(judge()('42.157.170.1')).toMatchObject({ kind: 'carrier', asn: 140292 }); // China Telecom Suzhou 5G
  });

  it("knows the clouds past the largest ones, and the carriers' IDCs and cloud, as hosting", () => {
    expect(judge()('14.103.2.9')).toEqual({ kind: 'hosting', asn: 137718, network: 'as:137718' }); // Volcano Engine
    expect(judge()('5.161.7.7')).toMatchObject({ kind: 'hosting', asn: 213230 }); // Hetzner's second AS
    expect(judge()('5.10.100.1')).toMatchObject({ kind: 'hosting', asn: 36351 }); // IBM Cloud
    expect(judge()('36.111.130.1')).toMatchObject({ kind: 'hosting', asn: 58519 }); // China Telecom's cloud
    expect(judge()('36.27.210.1')).toMatchObject({ kind: 'hosting', asn: 136190 }); // China Telecom Jinhua IDC
  });

  it("counts a carrier IPv6 visitor's network by its /48: the /64s and /56s of one pool are one network", () => {
    expect(judge()('2409:8054:0:1:aaaa::1')).toEqual({ kind: 'carrier', asn: 56040, network: '2409:8054:0::/48' });
    expect(judge()('2409:8054:0:ff00::1')).toEqual({ kind: 'carrier', asn: 56040, network: '2409:8054:0::/48' });
  });

  it('counts a cloud, and a carrier IDC, as hosting by its whole AS', () => {
    expect(judge()('8.130.1.2')).toEqual({ kind: 'hosting', asn: 37963, network: 'as:37963' });
    expect(judge()('8.147.200.3')).toEqual({ kind: 'hosting', asn: 37963, network: 'as:37963' });
    expect(judge()('1.203.94.10')).toMatchObject({ kind: 'hosting', asn: 23724 });
    expect(judge()('2400:3200::1')).toEqual({ kind: 'hosting', asn: 37963, network: 'as:37963' });
  });

  it('leaves an address of no named AS unknown, counted by its /24 or /48', () => {
    expect(judge()('198.18.0.7')).toEqual({ kind: 'unknown', asn: null, network: '198.18.0.0/24' });
    expect(judge()('2001:db8:1:2::3')).toEqual({ kind: 'unknown', asn: null, network: '2001:db8:1::/48' });
    expect(judge()('::ffff:36.128.5.9')).toMatchObject({ kind: 'carrier', network: '36.128.5.0/24' });
  });

  it("takes an operator's CIDR before the data, and an operator's AS over the policy's kind", () => {
    const additions: NetworkAdditions = {
      carrier: { asns: [37963], cidrs: ['198.18.0.0/16'] },
      hosting: { asns: [], cidrs: ['36.128.5.0/24', '2001:db8::/32'] },
    };
    expect(judge(additions)('198.18.9.9')).toMatchObject({ kind: 'carrier', network: '198.18.9.0/24' });
    expect(judge(additions)('36.128.5.9')).toEqual({ kind: 'hosting', asn: 9808, network: 'cidr:36.128.5.0/24' });
    expect(judge(additions)('2001:db8:5::1')).toMatchObject({ kind: 'hosting', network: 'cidr:2001:db8::/32' });
    expect(judge(additions)('8.130.1.2')).toMatchObject({ kind: 'carrier', asn: 37963 });
  });

  it('reads the additions again when they change (a SIGHUP)', () => {
    let additions = NO_ADDITIONS;
    const live = createNetworkJudge(shippedOriginAs(), () => additions);
    expect(live('198.18.0.7').kind).toBe('unknown');
    additions = { ...NO_ADDITIONS, hosting: { asns: [], cidrs: ['198.18.0.0/24'] } };
    expect(live('198.18.0.7').kind).toBe('hosting');
  });
});
