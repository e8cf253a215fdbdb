export { tenantKeys, useTenantLookup } from './api';
export { applyTenantHead, consoleTitle } from './head';
export { TenantContext, useTenant } from './TenantContext';
export { TenantGate } from './TenantGate';
