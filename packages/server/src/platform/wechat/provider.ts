import type { AppConfig } from '../config';

/** What a login page shows: a QR code to draw (development), or WeChat's own QR page in a frame. */
export interface WechatLoginTarget {
  qrContent: string | null;
  frameUrl: string | null;
}

/** What a WeChat provider does: the QR content of a binding and of a login, and the account behind a callback code. */
export interface WechatProvider {
  readonly name: 'dev' | 'open';
  /** What the QR code holds for a binding attempt. */
  qrContent(uuid: string, origin: string): string;
  /** What the login page shows for a login attempt (/wxlogin). */
  loginTarget(uuid: string, origin: string): WechatLoginTarget;
  /** The account a callback code stands for (real provider only). */
  exchange?(code: string): Promise<{ openId: string; nickname: string }>;
}

/**
 * Development: the QR code opens /new/wechatDevConfirm in the console, where a logged-in
 * administrator confirms the pending binding; the account is a made-up dev openid.
 */
export class DevWechatProvider implements WechatProvider {
  readonly name = 'dev' as const;
  qrContent(uuid: string, origin: string): string {
    return `${origin}/new/wechatDevConfirm?uuid=${uuid}`;
  }

  /** The login QR opens /new/wechatDevLogin, where the person "scanning" confirms with their own bound WeChat. */
  loginTarget(uuid: string, origin: string): WechatLoginTarget {
    return { qrContent: `${origin}/new/wechatDevLogin?uuid=${uuid}`, frameUrl: null };
  }
}

/**
 * The WeChat Open Platform website login (网站应用微信登录): the QR opens WeChat's qrconnect page
 * for the app; WeChat sends the person back to WECHAT_REDIRECT_URI with code and state (= uuid),
 * and the code is exchanged for the openid at api.weixin.qq.com.
 */
export class OpenPlatformWechatProvider implements WechatProvider {
  readonly name = 'open' as const;
  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly redirectUri: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  qrContent(uuid: string): string {
    const q = new URLSearchParams({
      appid: this.appId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state: uuid,
    });
    return `https://open.weixin.qq.com/connect/qrconnect?${q}#wechat_redirect`;
  }

  /**
   * Website login with the QR embedded in the page (WeChat's wxLogin.js does the same): qrconnect
   * in a frame, with self_redirect, so after the person confirms on the phone WeChat sends the
   * frame (not the page) to the callback, which finishes the attempt the page is polling.
   */
  loginTarget(uuid: string): WechatLoginTarget {
    const q = new URLSearchParams({
      appid: this.appId,
      scope: 'snsapi_login',
      redirect_uri: this.redirectUri,
      state: uuid,
      login_type: 'jssdk',
      self_redirect: 'true',
      style: 'black',
    });
    return { qrContent: null, frameUrl: `https://open.weixin.qq.com/connect/qrconnect?${q}` };
  }

  async exchange(code: string): Promise<{ openId: string; nickname: string }> {
    const q = new URLSearchParams({ appid: this.appId, secret: this.secret, code, grant_type: 'authorization_code' });
    const res = await this.fetcher(`https://api.weixin.qq.com/sns/oauth2/access_token?${q}`);
    const body = (await res.json()) as { openid?: string; unionid?: string; errcode?: number; errmsg?: string };
    if (!body.openid) throw new Error(`微信授权失败：${body.errmsg ?? body.errcode ?? '未知错误'}`);
    return { openId: body.unionid ?? body.openid, nickname: '' };
  }
}

/**
 * The provider the configuration names (config.wechatProvider), or null: WeChat login and binding
 * are unavailable (production without WECHAT_PROVIDER=open, or with none), and the development
 * routes are not registered.
 */
export function wechatProviderFromConfig(
  config: Pick<AppConfig, 'wechatProvider' | 'WECHAT_APP_ID' | 'WECHAT_APP_SECRET' | 'WECHAT_REDIRECT_URI'>,
): WechatProvider | null {
  if (config.wechatProvider === 'open') {
    return new OpenPlatformWechatProvider(
      config.WECHAT_APP_ID ?? '',
      config.WECHAT_APP_SECRET ?? '',
      config.WECHAT_REDIRECT_URI ?? '',
    );
  }
  return config.wechatProvider === 'dev' ? new DevWechatProvider() : null;
}
