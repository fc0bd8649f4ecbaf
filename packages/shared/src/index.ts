export * from './rules';
export * from './limits';
export * from './constants';
export * from './errors';
export * from './api';
export * from './alias-management';
