import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunksWithTypeBox } from './check-bundle.mjs';

describe('chunksWithTypeBox', () => {
  it("names the chunks that carry TypeBox's schema marker, and only those", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    try {
      writeFileSync(join(dir, 'app-1.js'), 'const a=1;export{a};');
      writeFileSync(join(dir, 'hydrate-2.js'), 'function O(e){return{"~kind":"Object",type:"object",properties:e}}');
      writeFileSync(join(dir, 'style-3.css'), '.x{content:"~kind"}');
      expect(chunksWithTypeBox(dir)).toEqual(['hydrate-2.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
