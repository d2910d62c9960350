// npm run docs:config: writes docs/configuration.md from the server's schemas (render.ts).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderConfigurationReference } from './render';

export const CONFIGURATION_DOC = resolve(import.meta.dirname, '../../docs/configuration.md');

if (process.argv[1] === import.meta.filename) {
  writeFileSync(CONFIGURATION_DOC, renderConfigurationReference());
  console.log(`wrote ${CONFIGURATION_DOC}`);
}
