import { QueryClient } from '@tanstack/react-query';

/** The one query client; modules reach it to drop server state when the session changes. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});
