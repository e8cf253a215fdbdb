export { type ImportMode, type ResourceApi, resourceApi, resourcePaths, toQuery } from './api';
export { fieldCell, fieldColumn } from './columns';
export { ImportDialog } from './ImportDialog';
export { OPTIONS_KEY, ResourceForm, type ResourceWidgets } from './ResourceForm';
export { ResourcePage, type ResourcePageProps, type RowKit, type ToolbarAction } from './ResourcePage';
export { fieldLimits, fieldRules, formBody } from './rules';
