import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunksWithTypeBox, initialAssets, widgetChunksWithServerMode, widgetChunksWithSolver } from './check-bundle.mjs';

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

describe('initialAssets', () => {
  it('counts inline CSS once: a link that only names an inlined file is not a fetched stylesheet', () => {
    const html =
      '<head><style>body{margin:0}</style><link rel="stylesheet" type="text/x-inlined-css" href="/assets/index-1.css">' +
      '<link rel="stylesheet" href="/assets/route-2.css"><script type="module" src="/assets/main-3.js"></script></head>';
    const assets = initialAssets(html);
    expect(assets.css).toEqual(['/assets/route-2.css']);
    expect(assets.inlineCss).toEqual(['body{margin:0}']);
  });
});

describe('widgetChunksWithSolver', () => {
  it("names the puzzle widget's chunks that carry SHA-256 digests, not its lazy work chunk", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    try {
      const solver = 'async function k(e){return new Uint8Array(await crypto.subtle.digest(`SHA-256`,e))}';
      writeFileSync(join(dir, 'captcha-1.js'), solver);
      writeFileSync(join(dir, 'captcha-2.js'), 'const w=()=>import(`./captcha-work-3.js`);export{w};');
      writeFileSync(join(dir, 'captcha-work-3.js'), solver);
      writeFileSync(join(dir, 'solve-worker-4.js'), solver);
      expect(widgetChunksWithSolver(dir)).toEqual(['captcha-1.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('widgetChunksWithServerMode', () => {
  it("names the puzzle widget's chunks that carry server mode, not its lazy server and work chunks", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    try {
      const serverMode = 'const t={accessible:`无障碍验证`};export{t};';
      writeFileSync(join(dir, 'captcha-1.js'), serverMode);
      writeFileSync(join(dir, 'captcha-2.js'), 'const s=()=>import(`./captcha-server-3.js`);export{s};');
      writeFileSync(join(dir, 'captcha-server-3.js'), serverMode);
      writeFileSync(join(dir, 'captcha-work-4.js'), serverMode);
      writeFileSync(join(dir, 'register-5.js'), serverMode);
      expect(widgetChunksWithServerMode(dir)).toEqual(['captcha-1.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
