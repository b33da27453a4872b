export * from './api/accounts.ts';
export * from './api/index.ts';
export * from './contract.ts';
export * from './envelope.ts';
export * from './events.ts';
export * from './sync.ts';
export * from './texts.ts';
