// tsc keeps the widget's `import './puzzle-captcha.css'` in its .d.ts, where a consumer's compiler cannot
// resolve it: the stylesheet is dist/style.css, which dist/index.js imports. Drop such lines from dist's .d.ts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = new URL('./dist', import.meta.url).pathname;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const path = join(entry.parentPath, entry.name);
  const text = readFileSync(path, 'utf8');
  const stripped = text.replace(/^import\s+['"][^'"]+\.css['"];?\n/gm, '');
  if (stripped !== text) writeFileSync(path, stripped);
}
