import { z } from 'zod';

// Zod's own messages (type mismatches and the like) in Chinese, on the server and in the browser.
z.config(z.locales.zhCN());
