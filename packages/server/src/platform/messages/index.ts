export { messageRoutes } from './routes';
export { type MessageTarget, sendMessage, smsNoticeEnabled } from './service';
export { messageReads, messageSettings, messages } from './tables';
