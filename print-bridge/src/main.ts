import { startBridge } from './bridge.ts';
import { ConfigError, loadConfig } from './config.ts';
import { consoleLog, type LogLevel } from './log.ts';
import { describeTarget } from './printers/target.ts';
import { machineNames } from './tls.ts';

/**
 * `npm run print-bridge`: settings from the file and environment, the bridge on its port, a
 * short summary of where to reach it, graceful stop on SIGINT/SIGTERM (tickets in flight finish;
 * queued ones wait on disk for the next start).
 */
const level = (process.env.PRINT_BRIDGE_LOG ?? 'info') as LogLevel;
const log = consoleLog(['info', 'warn', 'error', 'silent'].includes(level) ? level : 'info');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`print-bridge: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const bridge = await startBridge(config, log);
const hosts = config.host === '0.0.0.0' || config.host === '::' ? machineNames() : [config.host];
const lines = [
  `listening on https://${config.host}:${bridge.port}`,
  `  settings: ${config.configFile ?? '(defaults: no print-bridge.config.json)'}`,
  `  data:     ${config.dataDir}`,
  ...config.printers.map(
    (p) =>
      `  printer ${p.name} (${p.area}, ${p.ticket}): ${describeTarget(p.target)}${p.backup ? `, backup ${p.backup}` : ''}`,
  ),
  '  open once on each tablet to trust the certificate:',
  ...hosts.filter((h) => h !== 'localhost').map((h) => `    https://${h}:${bridge.port}/`),
];
// Always printed, whatever the log level: it says where the bridge is (and tests wait for it).
console.log(`print-bridge: ${lines.join('\n')}`);
process.send?.({ type: 'ready', port: bridge.port });

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  log.info(`${signal}: stopping`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  bridge
    .close()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      log.error(`stop failed: ${String(err)}`);
      process.exit(1);
    });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
