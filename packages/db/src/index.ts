export * from './schema/index';
export * from './client';
export * from './seed';
export * from './queries/keys';
export * from './queries/accounts';
export * from './queries/sessions';
export * from './queries/catalog';
