// Runs the Playwright browser tests in Debian's Chromium against the built app on a free port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureChromium } from './ensure-chromium';
import { ensureFirefox } from './ensure-firefox';
import { ensureWebKit } from './ensure-webkit';
import { freePort } from './free-port';

const chromium = ensureChromium();
const port = process.env.E2E_PORT || String(await freePort());
const args = process.argv.slice(2);
// The captcha playground is a second server, built per run into its own folder; skip it when the
// command names only specs that do not need it.
const specs = args.filter((arg) => /\.spec\.|(^|\/)e2e\//.test(arg));
const needsPlayground = specs.length === 0 || specs.some((spec) => spec.includes('captcha'));
const playgroundPort = needsPlayground ? process.env.E2E_PLAYGROUND_PORT || String(await freePort()) : 'off';
const playgroundDir = resolve(`build/playground-${playgroundPort}`);
// A second server of the same build in strict mode (CAPTCHA_MODE=strict), likewise.
const needsStrict = specs.length === 0 || specs.some((spec) => spec.includes('strict') || spec.includes('journeys'));
// The journeys also run in WebKit and Firefox (e2e/journeys.spec.ts), each in its Playwright project;
// E2E_ENGINES=off leaves them to Chromium.
const needsEngines = process.env.E2E_ENGINES !== 'off' && (specs.length === 0 || specs.some((spec) => spec.includes('journeys')));
if (needsEngines) {
  ensureWebKit();
  ensureFirefox();
}
const strictPort = needsStrict ? process.env.E2E_STRICT_PORT || String(await freePort()) : 'off';
// The packed package in a scratch app (scripts/package-consumer.ts), likewise.
const needsConsumer = specs.length === 0 || specs.some((spec) => spec.includes('package-consumer'));
const consumerPort = needsConsumer ? process.env.E2E_CONSUMER_PORT || String(await freePort()) : 'off';
// Outside the repository, so nothing resolves from its node_modules by accident; removed here because
// Playwright stops its servers with no chance to clean up.
const consumerDir = needsConsumer ? mkdtempSync(join(tmpdir(), 'puzzle-consumer-')) : '';
// The channels spec's stack (e2e/channel-stack.ts): the same build with listed channels, on three ports, likewise.
const needsChannels = specs.length === 0 || specs.some((spec) => spec.includes('channel'));
const channelsPort = needsChannels ? process.env.E2E_CHANNELS_PORT || String(await freePort()) : 'off';
const channelPorts = needsChannels
  ? {
      E2E_CHANNELS_BACKEND_PORT: process.env.E2E_CHANNELS_BACKEND_PORT || String(await freePort()),
      E2E_CHANNELS_METRICS_PORT: process.env.E2E_CHANNELS_METRICS_PORT || String(await freePort()),
    }
  : {};
// The ad reports spec's stack (e2e/ads-stack.ts): the same build and the fake ad platforms, on two ports, likewise.
const needsAds = specs.length === 0 || specs.some((spec) => spec.includes('ads'));
const adsPorts = needsAds
  ? {
      E2E_ADS_PORT: process.env.E2E_ADS_PORT || String(await freePort()),
      E2E_ADS_FAKE_PORT: process.env.E2E_ADS_FAKE_PORT || String(await freePort()),
    }
  : { E2E_ADS_PORT: 'off' };
// The packed package's scratch app takes half a minute to pack, install and build; started here rather than as
// a Playwright web server, the other specs run meanwhile and only e2e/package-consumer.spec.ts waits for it.
const consumer = needsConsumer
  ? spawn(process.execPath, ['--import', 'tsx', 'scripts/package-consumer.ts'], {
      stdio: 'inherit',
      env: { ...process.env, E2E_CONSUMER_PORT: consumerPort, CONSUMER_DIR: consumerDir },
    })
  : null;
const child = spawn('node_modules/.bin/playwright', ['test', ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: port,
    E2E_PLAYGROUND_PORT: playgroundPort,
    PLAYGROUND_DIR: playgroundDir,
    E2E_STRICT_PORT: strictPort,
    E2E_CONSUMER_PORT: consumerPort,
    E2E_CONSUMER_STARTED: consumer ? '1' : '',
    CONSUMER_DIR: consumerDir,
    E2E_CHANNELS_PORT: channelsPort,
    ...channelPorts,
    ...adsPorts,
    CHROMIUM_PATH: chromium,
    E2E_ENGINES: needsEngines ? 'on' : 'off',
    // The specs import the puzzle package's core and test helpers from source, as the app's build does.
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--conditions=game-register-source'].filter(Boolean).join(' '),
  },
});
child.on('exit', (code, signal) => {
  consumer?.kill('SIGTERM');
  if (needsPlayground) rmSync(playgroundDir, { recursive: true, force: true });
  if (needsConsumer) rmSync(consumerDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
