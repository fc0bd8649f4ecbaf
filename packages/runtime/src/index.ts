export * from './config';
export * from './logger';
export * from './crypto';
export * from './keystore';
export * from './queue';
export * from './events';
export * from './rate-limit';
export * from './services';
