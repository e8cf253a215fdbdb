/** The call's detail page (a hidden route under 专家征集). Kept apart from the screens' parts, so the
 * route table imports a string and no UI: route files are in every page's first load. */
export const CALL_DETAIL_PATH = '/expertSolicitation/detail';
