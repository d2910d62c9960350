import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config/config';
import { distDirProblem } from './site/built-files';
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

async function build(config: ServerConfig) {
  try {
    const distProblem = await distDirProblem(config.distDir);
    if (distProblem) throw new ConfigError([distProblem]); // else every page would be a 404 behind a ready /readyz
    return await buildApp(config);
  } catch (error) {
    // A wrong DIST_DIR, DATABASE_PATH or site setting (SITE_CONFIG, SITE_*): the variable or field, and why.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// SIGHUP re-reads the site settings and swaps the pages; a wrong file is refused and logged (server/site/live-site.ts).
// Taken from the first moment (by default it would end the process): one that comes during the start is answered after it.
let onHangup = () => void (hangupDuringStart = true);
let hangupDuringStart = false;
process.on('SIGHUP', () => onHangup());

const config = readConfig();
const app = await build(config);
closeOnSignals(app);
onHangup = () => void app.site.reload();
if (hangupDuringStart) onHangup();
try {
  const address = await app.listen({ host: config.host, port: config.port });
  const api = config.apiTarget ? `proxy to ${config.apiTarget.href}` : `embedded reference API, database ${config.databasePath}`;
  app.log.info({ address, api, dist: config.distDir }, `serving on ${address}`);
} catch (error) {
  app.log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
  await app.close();
  process.exit(1);
}
