export * from './bridge-process.ts';
export * from './client.ts';
export * from './escpos-text.ts';
export * from './fake-printer.ts';
export * from './https-get.ts';
export * from './sample-data.ts';
export * from './test-bridge.ts';
