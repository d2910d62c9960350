// npm run docs:strict: writes the policy's tables into docs/strict-mode.md, between its marker comments (render.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderStrictModeTables, withTables } from './render';

export const STRICT_MODE_DOC = resolve(import.meta.dirname, '../../docs/strict-mode.md');

if (process.argv[1] === import.meta.filename) {
  writeFileSync(STRICT_MODE_DOC, withTables(readFileSync(STRICT_MODE_DOC, 'utf8'), renderStrictModeTables()));
  console.log(`wrote the policy's tables into ${STRICT_MODE_DOC}`);
}
