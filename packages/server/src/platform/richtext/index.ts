export { sanitizeRichText, ZRichText } from './sanitize';
