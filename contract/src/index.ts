export * from './account.ts';
export * from './auth.ts';
export * from './envelope.ts';
