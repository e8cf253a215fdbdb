export * from './api';
export * from './flow';
export * from './pages';
export * from './scoring';
