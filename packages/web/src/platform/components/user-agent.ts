/** A browser's user-agent string as a person reads it: 浏览器 and 系统 ("Chrome 126 · Windows 10/11"). */
export function describeUserAgent(ua: string): string {
  const text = ua.trim();
  if (!text) return '—';
  const browser = browserOf(text);
  const system = systemOf(text);
  if (!browser && !system) return '其他客户端';
  return [browser ?? '其他浏览器', system ?? '其他系统'].join(' · ');
}

const major = (ua: string, re: RegExp): string => re.exec(ua)?.[1]?.split('.')[0] ?? '';
const named = (name: string, version: string) => (version ? `${name} ${version}` : name);

function browserOf(ua: string): string | null {
  // Apps and vendors that put their own name before the engine's (order matters: Edge also says Chrome).
  if (/MicroMessenger/i.test(ua)) return named('微信', major(ua, /MicroMessenger\/([\d.]+)/i));
  if (/DingTalk/i.test(ua)) return '钉钉';
  if (/MQQBrowser|QQBrowser/i.test(ua)) return named('QQ浏览器', major(ua, /QQBrowser\/([\d.]+)/i));
  if (/UCBrowser/i.test(ua)) return named('UC浏览器', major(ua, /UCBrowser\/([\d.]+)/i));
  if (/Edg(e|A|iOS)?\//.test(ua)) return named('Edge', major(ua, /Edg(?:e|A|iOS)?\/([\d.]+)/));
  if (/OPR\/|Opera/.test(ua)) return named('Opera', major(ua, /(?:OPR|Opera)\/([\d.]+)/));
  if (/Firefox\/|FxiOS\//.test(ua)) return named('Firefox', major(ua, /(?:Firefox|FxiOS)\/([\d.]+)/));
  if (/HeadlessChrome\//.test(ua)) return named('Chrome（无界面）', major(ua, /HeadlessChrome\/([\d.]+)/));
  if (/Chrome\/|CriOS\//.test(ua)) return named('Chrome', major(ua, /(?:Chrome|CriOS)\/([\d.]+)/));
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return named('Safari', major(ua, /Version\/([\d.]+)/));
  if (/Trident\/|MSIE /.test(ua)) return 'IE';
  return null;
}

function systemOf(ua: string): string | null {
  if (/HarmonyOS|OpenHarmony/i.test(ua)) return '鸿蒙';
  if (/Windows NT 10\.0/.test(ua)) return 'Windows 10/11';
  if (/Windows NT 6\.[123]/.test(ua)) return 'Windows 7/8';
  if (/Windows/.test(ua)) return 'Windows';
  if (/iPhone|iPad|iPod/.test(ua)) {
    const v = /OS (\d+)[_.]/.exec(ua)?.[1];
    return v ? `iOS ${v}` : 'iOS';
  }
  if (/Android/.test(ua)) {
    const v = /Android (\d+)/.exec(ua)?.[1];
    return v ? `Android ${v}` : 'Android';
  }
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux|X11/.test(ua)) return 'Linux';
  return null;
}
