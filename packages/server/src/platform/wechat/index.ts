export {
  DevWechatProvider,
  OpenPlatformWechatProvider,
  type WechatProvider,
  wechatProviderFromConfig,
} from './provider';
export { WECHAT_QR_SECONDS, wechatRoutes } from './routes';
export { wechatAccounts, wechatBindings, wechatLogins } from './tables';
