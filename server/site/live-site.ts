import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SITE_SETTINGS, type PageSettings, type SiteSettings } from '@game-register/site-settings';
import type { ChannelSettings } from '../channels/site-channels';
import type { CaptchaConfig, SiteSettingsSources } from '../config/config';
import { readSite, type Site } from './built-files';
import { adsForPage } from './site-ads';
import { loadPageSource, renderSite, type PageSource } from './page-renderer';
import { readSiteSettings, SiteSettingsError } from './read-settings';
import { shippedOriginAs } from '@game-register/gateway/policy';
import { logSwitches, networkAdditionsOf, operatorSwitchesOf, warnNetworksNotHeld, type StrictModeSite } from './operator-switches';

/** What is in service: the site's files and pages as rendered from these settings, and the picture hosts its CSP allows. */
export interface SiteSnapshot extends Site {
  settings: SiteSettings;
  imgHosts: string[];
  /** Strict mode's operator switches and networks from these settings, as the gateway reads them. */
  strictModeSite: StrictModeSite;
}

export type ReloadOutcome = { ok: true } | { ok: false; problems: string[] };

export interface LiveSite {
  /** The snapshot in service; take it once per request, so one answer never mixes two. */
  current(): SiteSnapshot;
  settings(): SiteSettings;
  channels(): ChannelSettings;
  /**
   * Strict mode's part of the site in service: the operator switches (captcha.underAttack, peopleFirst, campaign)
   * and networks, read at every challenge.
   */
  strictModeSite(): StrictModeSite;
  /** Re-reads the settings and swaps the pages in one step; a wrong file is refused and logged, and nothing changes. */
  reload(): Promise<ReloadOutcome>;
}

export interface LiveSiteOptions {
  distDir: string;
  sources: SiteSettingsSources;
  captchaMode: CaptchaConfig['mode'];
  /** CSP_IMG_HOSTS; the origins of the settings' own pictures are added to them. */
  cspImgHosts: string[];
  log: FastifyBaseLogger;
}

/** The origins of the settings' pictures on other hosts (QR codes, puzzle pictures), for the CSP's img-src. */
function pictureOrigins(settings: SiteSettings): string[] {
  const addresses = [settings.contact.wechatQr, settings.contact.telegramQr, ...settings.captcha.images];
  return addresses.filter((address) => /^https?:\/\//.test(address)).map((address) => new URL(address).origin);
}

/**
 * The site in service, from dist/ and the settings (SITE_CONFIG, SITE_*): read and rendered at start (a
 * wrong setting throws SiteSettingsError), and again on reload(), which swaps the snapshot at once.
 */
export async function openLiveSite({ distDir, sources, captchaMode, cspImgHosts, log }: LiveSiteOptions): Promise<LiveSite> {
  const built = await readSite(distDir);
  const source: PageSource | null = await loadPageSource(distDir, built);
  // The build's own values (its VITE_* settings) are the defaults, so a server without settings serves what was built.
  const defaults: SiteSettings = source ? stripMode(source.renderer.buildTimeSettings) : DEFAULT_SITE_SETTINGS;
  const pageMode: PageSettings['captchaMode'] = captchaMode === 'strict' ? 'server' : 'client';
  if (!source && (sources.configPath || Object.keys(sources.env).length > 0)) {
    log.warn(
      { dist: distDir },
      'dist/ has no page renderer (build it with npm run build): its pages are served as built, without the site settings',
    );
  }

  // The switches are the server's: a page carries the pictures of `captcha` alone.
  const pageOf = (settings: SiteSettings): PageSettings => ({
    ...settings,
    captcha: { images: settings.captcha.images },
    ads: adsForPage(settings.ads),
    captchaMode: pageMode,
  });
  const snapshotOf = async (settings: SiteSettings): Promise<SiteSnapshot> => ({
    ...(source ? await renderSite(built, source, pageOf(settings)) : built),
    settings,
    imgHosts: [...new Set([...cspImgHosts, ...pictureOrigins(settings)])],
    strictModeSite: { ...operatorSwitchesOf(settings.captcha), networks: networkAdditionsOf(settings.captcha.networks) },
  });
  // Read and rendered, then put in service in one step; the switches are said in the log once they are.
  let current: SiteSnapshot;
  const load = async () => {
    const now = Date.now();
    current = await snapshotOf(await readSiteSettings(sources, defaults, now));
    logSwitches(log, current.settings.captcha, now, captchaMode === 'strict');
    if (captchaMode === 'strict') warnNetworksNotHeld(log, current.strictModeSite.networks, sources.configPath, shippedOriginAs());
  };

  await load();
  let reloading: Promise<ReloadOutcome> = Promise.resolve({ ok: true });

  const reloadOnce = async (): Promise<ReloadOutcome> => {
    const started = performance.now();
    try {
      await load();
      log.info(
        { file: sources.configPath, ms: Math.round(performance.now() - started) },
        'site settings reloaded: the new pages are in service',
      );
      return { ok: true };
    } catch (error) {
      const problems = error instanceof SiteSettingsError ? error.problems : [(error as Error).message];
      log.error(
        { file: sources.configPath, problems },
        `site settings refused, the pages in service stay as they were: ${problems.join('; ')}`,
      );
      return { ok: false, problems };
    }
  };

  return {
    current: () => current,
    settings: () => current.settings,
    channels: () => current.settings.channel,
    strictModeSite: () => current.strictModeSite,
    reload: () => (reloading = reloading.then(reloadOnce)),
  };
}

function stripMode({ captchaMode: _mode, ...settings }: PageSettings): SiteSettings {
  return settings;
}
