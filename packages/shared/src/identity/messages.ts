// Zod-free on purpose: the login page and the login flow in the entry chunk use these, and a module
// that defines a zod schema brings zod to whatever imports it (docs/performance.md, page weight).
// Re-exported by the module's index.

export const LOGIN_MESSAGES = {
  badCredentials: '账号或密码错误',
  cannotEnter: '无法进入后台！',
  noPermission: '您当前身份无任何权限，无法访问后台！',
  onlyOneIdentity: '您只有一个身份，无法切换',
  codeSent: '验证码发送成功，5分钟内有效',
  loggedOut: '登出成功',
  sessionExpired: '登录状态已过期，您可以继续留在该页面，或者重新登录',
  captchaRequired: '密码错误次数过多，请完成滑块验证后再登录',
  disabled: '账号已停用，请联系管理员',
} as const;

export const WECHAT_LOGIN_MESSAGES = {
  waiting: '请使用微信扫一扫登录',
  expired: '二维码已失效,请刷新页面再试',
  unbound: '该微信尚未绑定本平台账号',
  unboundHint: '请使用账号密码或短信验证码登录，登录后将自动绑定此微信，下次即可扫码登录。',
  bound: '绑定成功',
  qrFailed: '二维码生成失败，请稍后再试',
  /** No WeChat provider is configured here (production without WECHAT_PROVIDER=open). */
  unavailable: '本平台暂未开通微信登录，请使用账号密码或短信验证码登录',
  bindUnavailable: '本平台暂未开通微信绑定',
} as const;
