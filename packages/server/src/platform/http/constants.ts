/** Root of every API path (spec 000, section 7). */
export const API_ROOT = '/st365';
/** Base path of the web app (spec 000, section 2). */
export const WEB_BASE = '/new/';
