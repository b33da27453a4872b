export { type Bridge, startBridge } from './bridge.ts';
export { type BridgeConfig, ConfigError, loadConfig, type PrinterConfig } from './config.ts';
export * from './protocol.ts';
