import type { ChannelSettings } from './channel';

const SITE: ChannelSettings = { default: 'H5REG', allowed: ['CH7', 'CH8'], param: 'c' };

/** A fresh module per page load: what a page keeps in memory does not outlive it, sessionStorage does. */
async function pageLoad(search: string, site = SITE) {
  vi.resetModules();
  const visit = await import('./visit-channel');
  visit.startVisitChannel(site, search);
  return visit;
}

describe("the visit's channel", () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('lasts through later page loads of the tab without a link channel', async () => {
    await pageLoad('?c=CH7');
    const contact = await pageLoad('');
    expect(contact.visitChannel(SITE)).toBe('CH7');
    expect((await pageLoad('?utm=y')).visitChannel(SITE)).toBe('CH7');
  });

  it('is the default without any link, and after a link with an unlisted value', async () => {
    expect((await pageLoad('')).visitChannel(SITE)).toBe('H5REG');
    await pageLoad('?c=CH7');
    expect((await pageLoad('?c=NOPE')).visitChannel(SITE)).toBe('H5REG');
  });

  it("takes a new link's channel", async () => {
    await pageLoad('?c=CH7');
    expect((await pageLoad('?c=CH8')).visitChannel(SITE)).toBe('CH8');
  });

  it('falls back to the default when the site no longer lists it', async () => {
    const visit = await pageLoad('?c=CH7');
    expect(visit.visitChannel({ ...SITE, allowed: ['CH8'] })).toBe('H5REG');
  });

  it('stays in memory for the page when storage is refused', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const visit = await pageLoad('?c=CH8');
    expect(visit.visitChannel(SITE)).toBe('CH8');
  });
});
