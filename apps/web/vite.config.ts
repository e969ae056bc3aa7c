import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompiledMessages } from './precompiled-messages';
import { serviceWorker } from './pwa/vite-plugin';
import { srgbColorsOnly } from './radix-appearance';
import { dropUnusedRadixBreakpoints } from './radix-breakpoints';
import { dropUnusedRadixComponents } from './radix-components';

// The root scripts run vite from the repository root, so every path is resolved
// from this file rather than from the working directory.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const radixThemesDir = dirname(createRequire(import.meta.url).resolve('@radix-ui/themes/package.json'));

export default defineConfig({
  root: here('.'),
  plugins: [
    // Must come before the React plugin so route files are split before JSX is compiled.
    tanstackRouter({
      target: 'react',
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
      autoCodeSplitting: true,
      // Loaders too, not only components: a loader imports its feature's query options and, with
      // them, the contracts' schemas, which would otherwise all sit in the entry chunk (issue 13).
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    precompiledMessages(),
    serviceWorker({ entry: here('./pwa/service-worker/worker.ts') }),
  ],
  css: {
    postcss: {
      plugins: [
        dropUnusedRadixBreakpoints(),
        srgbColorsOnly(),
        dropUnusedRadixComponents(here('./src'), radixThemesDir),
      ],
    },
  },
  resolve: {
    alias: {
      '@pharmacy/contracts': here('../../libs/contracts/src/index.ts'),
      '@pharmacy/money': here('../../libs/money/src/index.ts'),
      '@pharmacy/barcodes': here('../../libs/barcodes/src/index.ts'),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
