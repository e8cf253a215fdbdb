import './zod-locale';

export * from './built-pages';
export * from './checks';
export * from './envelope';
export * from './identity-codes';
export * from './links';
export * from './list';
export * from './org-codes';
export * from './pages';
export * from './patterns';
export * from './resource';
export * from './result-code';
export * from './signature';
export * from './validators';
