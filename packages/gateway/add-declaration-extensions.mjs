// The declarations tsc writes keep the sources' extensionless relative imports (`from './gate'`), which a
// Node consumer's compiler (moduleResolution node16/nodenext) refuses: each becomes the file it names,
// `./gate.js` or `./testing/index.js`, as the built JavaScript beside it is named.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const dist = resolve(import.meta.dirname, 'dist');
const RELATIVE = /(from\s+|import\s*\(\s*)(['"])(\.{1,2}\/[^'"]*?)\2/g;

for (const entry of readdirSync(dist, { recursive: true })) {
  const file = join(dist, String(entry));
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(RELATIVE, (whole, keyword, quote, specifier) => {
    if (/\.(js|mjs|cjs|json)$/.test(specifier)) return whole;
    const target = resolve(dirname(file), specifier);
    const named = existsSync(`${target}.d.ts`)
      ? `${specifier}.js`
      : existsSync(join(target, 'index.d.ts'))
        ? `${specifier}/index.js`
        : null;
    if (named === null) throw new Error(`${file}: no declaration for ${specifier}`);
    return `${keyword}${quote}${named}${quote}`;
  });
  if (fixed !== text) writeFileSync(file, fixed);
}
