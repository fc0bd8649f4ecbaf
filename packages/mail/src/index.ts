export * from './parse';
export * from './sanitize';
export * from './restrict';
export * from './ssrf';
export * from './outbound';
export * from './auth';
export * from './dkim';
