import type { HomeContribution } from '../modules/manifest';
import { latestMessages } from './service';

/**
 * 个人首页: the caller's unread in-site messages. The bell's own statement (one prepared anti-join
 * on message_reads' key, the audience the bell and /messagePlatform use), so the two never differ.
 */
export const messagesHome: HomeContribution = {
  todos: [
    {
      key: 'messages.unread',
      home: 'personal',
      label: '未读消息',
      path: '/messagePlatform',
      permission: 'identity',
      count: async (tx, caller) => (await latestMessages(tx, caller)).unread,
    },
  ],
};
