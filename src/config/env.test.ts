import { PAGE_SETTINGS_ID, type PageSettings } from '@game-register/site-settings';

async function configOfPage(settings: Partial<PageSettings> | null) {
  document.getElementById(PAGE_SETTINGS_ID)?.remove();
  if (settings) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = PAGE_SETTINGS_ID;
    element.textContent = JSON.stringify(settings);
    document.head.append(element);
  }
  vi.resetModules();
  return (await import('./env')).config;
}

describe('the app’s settings', () => {
  afterEach(() => document.getElementById(PAGE_SETTINGS_ID)?.remove());

  it('are the page’s own when the server put them in it', async () => {
    const { buildTimeSettings } = await import('./env');
    const settings: PageSettings = {
      ...buildTimeSettings,
      brand: { name: '星河传奇', logo: 'data:image/svg+xml;base64,PHN2Zy8+', themeColor: '#1f5fbf' },
      contact: { ...buildTimeSettings.contact, phone: '400-111-2222' },
      channel: { default: 'XH01', allowed: ['XH01', 'CH7'], param: 'from' },
      captchaMode: 'server',
    };
    const config = await configOfPage(settings);
    expect(config.brand).toEqual({ name: '星河传奇', logo: 'data:image/svg+xml;base64,PHN2Zy8+' });
    expect(config.contact.phone).toBe('400-111-2222');
    expect(config.channel).toEqual({ default: 'XH01', allowed: ['XH01', 'CH7'], param: 'from' });
    expect(config.captchaMode).toBe('server');
  });

  it('are the build’s values on a page without them', async () => {
    const config = await configOfPage(null);
    expect(config.brand.name).toBe('');
    expect(config.channel).toEqual({ default: 'H5REG', allowed: ['H5REG'], param: 'c' });
    expect(config.captchaMode).toBe('client');
  });
});
