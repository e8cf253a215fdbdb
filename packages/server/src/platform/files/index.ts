export { newTenantFile, tenantFilePath } from './local';
export { fileRoutes, readUpload, sendFile } from './routes';
export { type FilePurpose, type FileRecord, type OpenedFile, objectKey, openFile, storeUpload } from './service';
export { type FileStorage, LocalStorage, S3Storage, type Storages, storagesFromConfig } from './storage';
export { files } from './tables';
