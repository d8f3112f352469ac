export * from './account.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './envelope.ts';
export * from './public-content.ts';
