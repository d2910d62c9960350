#!/usr/bin/env node
// Runs the Playwright browser tests in Debian's Chromium against the built app on a free port.
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { freePort } from './free-port.mjs';

const chromium = ensureChromium();
const port = process.env.E2E_PORT || String(await freePort());
const child = spawn('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: port, CHROMIUM_PATH: chromium },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
