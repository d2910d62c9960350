import { buildApp } from './app';
import { ChannelSettingsError, channelSettingsFromEnv, fixedChannels, type ChannelSettingsGetter } from './channels/settings';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { closeOnSignals } from './shutdown';

function readConfig(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The site's channels. The one place they are wired: part A's site settings (re-read on SIGHUP) replace this. */
function readChannels(): ChannelSettingsGetter {
  try {
    return fixedChannels(channelSettingsFromEnv(process.env));
  } catch (error) {
    if (!(error instanceof ChannelSettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
const app = await buildApp(config, { channels: readChannels() });
closeOnSignals(app);
try {
  const address = await app.listen({ host: config.host, port: config.port });
  const api = config.apiTarget ? `proxy to ${config.apiTarget.href}` : `embedded reference API, database ${config.databasePath}`;
  app.log.info({ address, api, dist: config.distDir }, `serving on ${address}`);
} catch (error) {
  app.log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
  await app.close();
  process.exit(1);
}
