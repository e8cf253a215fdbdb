export { type ImportMode, type ResourceApi, resourceApi, resourcePaths } from './api';
export { fieldCell, fieldColumn } from './columns';
export { ImportDialog } from './ImportDialog';
export { ResourceForm } from './ResourceForm';
export { ResourcePage, type ResourcePageProps, type ToolbarAction } from './ResourcePage';
export { fieldLimits, fieldRules, formBody } from './rules';
