export { plainText, safeImageUrl, sanitizeRichText, ZRichText } from './sanitize';
