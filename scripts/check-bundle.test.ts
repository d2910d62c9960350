import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunksWithTypeBox, initialAssets, widgetChunksWithServerMode, widgetChunksWithSolver } from './check-bundle';

/** What `check` answers for a scratch assets folder holding `files` (name to content); the folder goes after. */
function inAssets<T>(files: Record<string, string>, check: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('chunksWithTypeBox', () => {
  it("names the chunks that carry TypeBox's schema marker, and only those", () => {
    const files = {
      'app-1.js': 'const a=1;export{a};',
      'hydrate-2.js': 'function O(e){return{"~kind":"Object",type:"object",properties:e}}',
      'style-3.css': '.x{content:"~kind"}',
    };
    expect(inAssets(files, chunksWithTypeBox)).toEqual(['hydrate-2.js']);
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
    const solver = 'async function k(e){return new Uint8Array(await crypto.subtle.digest(`SHA-256`,e))}';
    const files = {
      'captcha-1.js': solver,
      'captcha-2.js': 'const w=()=>import(`./captcha-work-3.js`);export{w};',
      'captcha-work-3.js': solver,
      'solve-worker-4.js': solver,
    };
    expect(inAssets(files, widgetChunksWithSolver)).toEqual(['captcha-1.js']);
  });
});

describe('widgetChunksWithServerMode', () => {
  it("names the puzzle widget's chunks that carry server mode, not its lazy server and work chunks", () => {
    const serverMode = 'const t={accessible:`无障碍验证`};export{t};';
    const files = {
      'captcha-1.js': serverMode,
      'captcha-2.js': 'const s=()=>import(`./captcha-server-3.js`);export{s};',
      'captcha-server-3.js': serverMode,
      'captcha-work-4.js': serverMode,
      'register-5.js': serverMode,
    };
    expect(inAssets(files, widgetChunksWithServerMode)).toEqual(['captcha-1.js']);
  });
});
