const DAY = 24 * 3_600_000;

/** A fresh module per page load: what a page keeps in memory does not outlive it, the storages do. */
async function pageLoad(href: string, now: number, channel = 'H5REG') {
  vi.resetModules();
  const visit = await import('./visit-ad-click');
  visit.startVisitAdClick(channel, href, now);
  return visit;
}

describe("the visit's ad click", () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is kept from the landing for later page loads, with the landing channel', async () => {
    await pageLoad('https://m.example.com/register?c=CH7&clickid=abc123', 1000, 'CH7');
    const later = await pageLoad('https://m.example.com/contact', 2000);
    expect(new URLSearchParams(later.visitAdClicks(3000)!)).toEqual(
      new URLSearchParams({ clickid: 'abc123', url: 'https://m.example.com/register?clickid=abc123', c: 'CH7' }),
    );
  });

  it('lasts 7 days, then is no longer sent', async () => {
    const visit = await pageLoad('https://m.example.com/?callback=cb1', 0);
    expect(visit.visitAdClicks(7 * DAY - 1)).not.toBeNull();
    expect(visit.visitAdClicks(7 * DAY)).toBeNull();
  });

  it('is replaced by a newer landing with a click, and kept by one without', async () => {
    await pageLoad('https://m.example.com/?callback=first', 0);
    await pageLoad('https://m.example.com/?gdt_vid=second', 10);
    const visit = await pageLoad('https://m.example.com/?c=CH7', 20);
    expect(visit.visitAdClicks(30)).toContain('gdt_vid=second');
  });

  it('survives a browser that refuses localStorage (in-app browsers, private modes): the tab keeps it', async () => {
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (this === window.localStorage) throw new Error('QuotaExceededError');
      setItem.call(this, key, value);
    });
    await pageLoad('https://m.example.com/?bd_vid=b1', 0);
    const later = await pageLoad('https://m.example.com/register', 1);
    expect(window.localStorage.length).toBe(0);
    expect(later.visitAdClicks(2)).toContain('bd_vid=b1');
  });

  it('is none for a landing whose click is still a macro', async () => {
    const visit = await pageLoad('https://m.example.com/?clickid=__CLICKID__', 0);
    expect(visit.visitAdClicks(1)).toBeNull();
  });
});

describe('a landing left before the app loaded', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('is read on the next page of the visit', async () => {
    const { keepLanding } = await import('./landing');
    keepLanding('https://m.example.com/register?clickid=early1'); // the first script of the landing page
    keepLanding('https://m.example.com/contact'); // the next page, no query: the landing still waits
    vi.resetModules();
    const visit = await import('./visit-ad-click');
    visit.startVisitAdClick('H5REG', undefined, 5);
    expect(visit.visitAdClicks(6)).toContain('clickid=early1');
  });
});
