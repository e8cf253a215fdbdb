export * from './api';
export * from './flow';
export * from './operations';
export * from './pages';
export * from './scoring';
export * from './screens';
