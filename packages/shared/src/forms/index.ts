export * from './adapters';
export * from './answer-text';
export * from './api';
export * from './kinds';
export * from './logic';
export * from './schema';
export * from './templates';
export * from './validate';
