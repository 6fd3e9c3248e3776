import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './scripts/webapp/service-worker.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serviceWorkerPlugin()],
  server: { hmr: process.env.NODE_ENV === 'test' ? false : undefined },
});
