export { newTenantFile, tenantFilePath } from './local';
export { fileRoutes, readUpload } from './routes';
export { type FileRecord, objectKey, storeUpload } from './service';
export { type FileStorage, LocalStorage, S3Storage, type Storages, storagesFromConfig } from './storage';
export { files } from './tables';
