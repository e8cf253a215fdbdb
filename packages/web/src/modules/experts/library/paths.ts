// The hidden routes' paths, kept apart from the helpers (which use the shared contracts, and with them
// zod): the route table imports these, and route files are in every page's first load.

/** The expert's detail page (a hidden route under 专家管理). */
export const DETAIL_PATH = '/expertManagementDetail';

/** A talent pool's members (a hidden route under 标签管理). */
export const POOL_PATH = '/talent-pool-detail';
