/**
 * The spec's helper checks (002 §5), one source for the browser and the server. Each answers
 * true when the value passes; the messages are the spec's.
 */

/** Letters, digits, whitespace, dots, @, brackets and CJK only. */
export function isSafeText(text: string): boolean {
  return /^[A-Za-z0-9\s.@()（）[\]【】\u3400-\u9fff]*$/u.test(text);
}

/** An integer string; zero only when allowed. */
export function isIntegerText(text: string, allowZero = false): boolean {
  return allowZero ? /^(?:0|[1-9]\d*)$/.test(text) : /^[1-9]\d*$/.test(text);
}

/** A positive number with at most two decimals. */
export function isPositiveAmount(text: string): boolean {
  return /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/.test(text) && Number(text) > 0;
}

/** The mainland mobile: 1, then 3 to 9, then nine digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** The variant that excludes 6 as the second digit, where the spec uses it. */
export const MOBILE_PATTERN_NO_6 = /^1[3-57-9]\d{9}$/;
export const MOBILE_MESSAGE = '手机号格式错误';

/** Phone fields that also take a landline with its area code (0571-88886666, 057188886666). */
export function isPhoneOrLandline(text: string): boolean {
  return MOBILE_PATTERN.test(text) || /^0\d{2,3}-?\d{7,8}$/.test(text) || /^\d{11}$/.test(text);
}

export const ID_CARD_MESSAGE = '身份证格式错误';
/** The form builder's looser pattern: 15 digits, 18 digits, or 17 digits and X. */
export const ID_CARD_FORM_PATTERN = /^(?:\d{15}|\d{17}[\dXx])$/;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && date <= new Date();
}

/**
 * A resident ID number: 18 characters with a real birth date and the right check character (GB
 * 11643), or the old 15-digit form with a real birth date.
 */
export function isIdCard(text: string): boolean {
  const id = text.trim().toUpperCase();
  if (/^\d{15}$/.test(id)) {
    return isRealDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  }
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!isRealDate(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] === id[17];
}

/** Six digits, not starting with 0. */
export function isZipCode(text: string): boolean {
  return /^[1-9]\d{5}$/.test(text);
}

/** Optional sign, an integer without leading zeros, optional decimals. */
export function isNumberText(text: string): boolean {
  return /^[+-]?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(text);
}

export const AMOUNT_MAX = 99_999_999;
/** The amount input: kept between 0 and the maximum, rounded to two decimals. */
export function clampAmount(value: number, max = AMOUNT_MAX): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.round(Math.min(value, max) * 100) / 100;
}

/** The two readings of the password rule: a letter then 6 to 18 letters, digits or _; or 6+ of anything. */
export const PASSWORD_RULES = {
  letterFirst: { pattern: /^[a-zA-Z]\w{5,17}$/, message: '密码须以字母开头，6-18位字母、数字或下划线' },
  basic: { pattern: /^[\s\S]{6,}$/, message: '密码最少为6位字符' },
} as const;

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'bmp'] as const;
export const VIDEO_EXTENSIONS = ['flv', 'rmvb', 'mp4', 'avi', 'wmv'] as const;
/** Never accepted, whatever a list allows (they could run on a server or in a browser). */
export const FORBIDDEN_EXTENSIONS = [
  'java',
  'php',
  'html',
  'css',
  'exe',
  'jsp',
  'py',
  'asp',
  'shell',
  'jar',
  'war',
  'xml',
  'js',
] as const;
/** The spec's allowed list, verbatim (its 'jpge' included; 'py' stays refused by the forbidden list). */
export const UPLOAD_EXTENSIONS = [
  'bmp',
  'jpge',
  'jpeg',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'jpg',
  'png',
  'gif',
  'mp3',
  'mp4',
  'zip',
  'rar',
  'pdf',
  'ceb',
  'wps',
  'wpsx',
  'eio',
  'sb3',
  'py',
] as const;
/** What an image upload takes (spec: the image check). */
export const UPLOAD_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp'] as const;

export const UPLOAD_MESSAGES = {
  nameTooLong: '文件名包含后缀名请小于60字！',
  badExtension: '文件格式不符合规范！',
  tooLarge: '上传文件超过标准大小了，请重新上传！',
  onlyTypes: (types: string) => `上传文件只能为${types}格式`,
  onlyImages: '上传图片只能为jpg、png、gif、jpeg、bmp格式',
  tooMany: (n: number) => `文件不能超过 ${n} 个`,
  failed: '文件上传失败',
  keyFailed: '文件上传失败，钥匙获取不成功！',
  statusFailed: '获取上传状态失败',
  success: '文件上传成功',
  /** The upload itself broke (network, storage, a gateway's page instead of our answer): an alert box. */
  transport: '上传错误，请联系管理员',
} as const;

/** A size limit in MB as a person reads it, with its unit: 512KB, 10MB, 1.5GB. */
export function formatSizeLimit(mb: number): string {
  const trim = (n: number) => String(Number(n.toFixed(2)));
  if (mb < 1) return `${trim(mb * 1024)}KB`;
  if (mb < 1024) return `${trim(mb)}MB`;
  return `${trim(mb / 1024)}GB`;
}

export interface UploadRules {
  /** Size limit in MB (default 10). */
  maxSizeMB?: number;
  /** Accepted extensions (without dots); absent: the allowed list. */
  accept?: readonly string[];
  /** Only images (png, jpg, jpeg, gif, bmp). */
  imagesOnly?: boolean;
  /** At most this many files (default 1). */
  maxCount?: number;
}

export const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/**
 * The upload checks in the spec's order, for one file among `count` already chosen: the name,
 * the extension, the size, the accepted types, images only, the count. Answers the first message,
 * or null when the file passes. The server runs the same function on what arrives.
 */
export function uploadProblem(file: { name: string; size: number }, rules: UploadRules = {}, count = 0): string | null {
  const ext = extensionOf(file.name);
  if (file.name.length > 60) return UPLOAD_MESSAGES.nameTooLong;
  if (!ext || (FORBIDDEN_EXTENSIONS as readonly string[]).includes(ext)) return UPLOAD_MESSAGES.badExtension;
  const allowed = [...UPLOAD_EXTENSIONS, ...(rules.accept ?? [])] as string[];
  if (!allowed.includes(ext)) return UPLOAD_MESSAGES.badExtension;
  if (file.size > (rules.maxSizeMB ?? 10) * 1024 * 1024) return UPLOAD_MESSAGES.tooLarge;
  if (rules.accept?.length && !rules.accept.map((a) => a.toLowerCase()).includes(ext))
    return UPLOAD_MESSAGES.onlyTypes(rules.accept.join('、'));
  if (rules.imagesOnly && !(UPLOAD_IMAGE_EXTENSIONS as readonly string[]).includes(ext))
    return UPLOAD_MESSAGES.onlyImages;
  const max = rules.maxCount ?? 1;
  if (count + 1 > max) return UPLOAD_MESSAGES.tooMany(max);
  return null;
}
