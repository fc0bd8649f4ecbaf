export * from './rules';
export * from './limits';
export * from './constants';
export * from './errors';
export * from './api';
export * from './access';
export * from './alias-management';
export * from './alias-icons';
