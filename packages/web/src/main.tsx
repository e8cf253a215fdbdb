import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { RouterProvider } from 'react-router';
import { CaptchaOnDemand } from './app/CaptchaOnDemand';
import { claimReload } from './app/chunk-reload';
import { FeedbackHost } from './app/FeedbackHost';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { prefersReducedMotion, themeFor } from './app/theme';
import { TenantGate } from './platform/tenant';

dayjs.locale('zh-cn');

const router = createAppRouter();

// A chunk preloaded by Vite that fails reloads the page (the router handles screen chunks).
window.addEventListener('vite:preloadError', (event) => {
  if (claimReload(window.location.href)) {
    event.preventDefault();
    window.location.reload();
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} theme={themeFor(prefersReducedMotion())}>
      <FeedbackHost>
        <QueryClientProvider client={queryClient}>
          <CaptchaOnDemand />
          <TenantGate>
            <RouterProvider router={router} />
          </TenantGate>
        </QueryClientProvider>
      </FeedbackHost>
    </ConfigProvider>
  </StrictMode>,
);
