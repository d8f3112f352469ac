export * from './account.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './catalog.ts';
export * from './envelope.ts';
export * from './organization.ts';
export * from './public-content.ts';
