import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './scripts/webapp/service-worker.ts';
import { precompressPlugin } from './scripts/precompress.ts';

export default defineConfig({
  // precompressPlugin last: it compresses what the others wrote (sw.js and the offline pages too).
  plugins: [tailwindcss(), reactRouter(), serviceWorkerPlugin(), precompressPlugin()],
  server: { hmr: process.env.NODE_ENV === 'test' ? false : undefined },
  build: {
    rolldownOptions: {
      output: {
        // TanStack Query in one chunk: the player pages and the back office both use it, and left
        // to itself the bundler splits it at every place the two trees differ, which costs the home
        // page about a kilobyte of chunk seams (docs/backoffice.md, "Player pages unchanged").
        advancedChunks: { groups: [{ name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ }] },
      },
    },
  },
});
