import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Served by the Node server under /new/; `npm run dev -w @shetuan/web` proxies the API to it.
export default defineConfig({
  base: '/new/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (id.includes('@ant-design/pro-')) return 'vendor-pro';
          if (/node_modules\/(antd|@ant-design|rc-|@rc-component)/.test(id)) return 'vendor-antd';
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'vendor-react';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/st365': 'http://localhost:3000' },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
