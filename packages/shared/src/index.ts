export * from './rules';
export * from './limits';
export * from './constants';
export * from './errors';
export * from './api';
