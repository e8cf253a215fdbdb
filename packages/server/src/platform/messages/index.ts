export { messageRoutes } from './routes';
export { type MessageTarget, sendMessage } from './service';
export { messageReads, messageSettings, messages } from './tables';
