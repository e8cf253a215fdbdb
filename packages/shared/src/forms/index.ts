export * from './adapters';
export * from './logic';
export * from './schema';
export * from './validate';
