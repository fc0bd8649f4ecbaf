export * from './schema/index';
export * from './client';
export * from './seed';
export * from './queries/keys';
