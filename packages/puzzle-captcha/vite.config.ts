import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** The widget's entry loads its stylesheet itself, as it does from source: consumers need no CSS import. */
const importStyleFromEntry = (): Plugin => ({
  name: 'puzzle-captcha:import-style',
  generateBundle(_options, bundle) {
    const entry = bundle['index.js'];
    if (entry?.type === 'chunk') entry.code = `import './style.css';\n${entry.code}`;
  },
});

/**
 * The package for consumers outside this repository: ESM entries beside their .d.ts (tsc -p
 * tsconfig.build.json writes those), one stylesheet, and react, react-dom, typebox and @noble/hashes left to the app.
 */
export default defineConfig({
  plugins: [react(), importStyleFromEntry()],
  publicDir: false,

  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2020',
    minify: false, // the app's bundler minifies; readable code is easier to debug in node_modules
    cssCodeSplit: false,
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
      output: { chunkFileNames: 'shared/[name]-[hash].js' },
    },
  },
});
