import react from '@vitejs/plugin-react';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// Built for production whatever NODE_ENV the build inherits: under the tests (NODE_ENV=test, e.g. `npm pack` in
// testing/consumer/) Vite would compile JSX for development, calls to react/jsx-dev-runtime's jsxDEV, which a
// consumer's production React leaves undefined ("jsxDEV is not a function"). Vite reads NODE_ENV after the
// config, and tells to set it here.
process.env.NODE_ENV = 'production';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * Each chunk loads its own stylesheet, as it does from source: consumers need no CSS import. The entry's is
 * `style.css` (the `./style.css` export); server mode's chunk brings `server-mode.css` (无障碍验证's panel
 * and button), so a puzzle judged in the browser neither fetches nor parses it, as in the app's build.
 * Both are published without the sources' comments, which were a fifth of the stylesheet's gzip size.
 */
const importStyles = (): Plugin => ({
  name: 'puzzle-captcha:import-styles',
  generateBundle(_options, bundle) {
    const moved = new Map<string, string>();
    for (const asset of Object.values(bundle)) {
      if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
      const fileName = asset.fileName === 'index.css' ? 'style.css' : `shared/${asset.fileName}`;
      moved.set(asset.fileName, fileName);
      // None of our rules holds a string with a comment in it, so a plain match finds every comment.
      const css = String(asset.source)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/[ \t]+$/gm, '')
        .replace(/\n\n+/g, '\n');
      this.emitFile({ type: 'asset', fileName, source: css.replace(/^\n/, '') });
      delete bundle[asset.fileName];
    }
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const from = posix.dirname(chunk.fileName);
      const css = [...(chunk.viteMetadata?.importedCss ?? [])].map((name) => posix.relative(from, moved.get(name) ?? name));
      if (css.length > 0)
        chunk.code = `${css.map((path) => `import '${path.startsWith('.') ? path : `./${path}`}';\n`).join('')}${chunk.code}`;
    }
  },
});

/**
 * The package for consumers outside this repository: ESM entries beside their .d.ts (tsc -p
 * tsconfig.build.json writes those), a stylesheet per chunk that has one (see importStyles), and react,
 * react-dom, typebox and @noble/hashes left to the app.
 */
export default defineConfig({
  plugins: [react(), importStyles()],
  publicDir: false,

  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2020',
    minify: false, // the app's bundler minifies; readable code is easier to debug in node_modules
    cssCodeSplit: true, // server mode's stylesheet stays with its chunk (importStyles)
    lib: {
      entry: {
        index: source('index.ts'),
        'core/index': source('core/index.ts'),
        'protocol/index': source('protocol/index.ts'),
        'testing/index': source('testing/index.ts'),
        'work/index': source('work/index.ts'),
      },
      formats: ['es'],
      cssFileName: 'style',
    },
    rolldownOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^typebox($|\/)/, /^@noble\/hashes($|\/)/],
      // Readable, but without the sources' doc comments (the .d.ts keep the public ones): they were a tenth
      // of what the entry ships as published. Pure annotations stay for the app's bundler.
      output: { chunkFileNames: 'shared/[name]-[hash].js', comments: { legal: true, annotation: true, jsdoc: false } },
    },
  },
});
