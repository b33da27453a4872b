import { COMMANDS, runCommand } from './admin/cli.ts';
import { startBridge } from './bridge.ts';
import { ConfigError, loadConfig } from './config.ts';
import { consoleLog, type LogLevel } from './log.ts';
import { describeTarget } from './printers/target.ts';
import { machineNames } from './tls.ts';

/**
 * `npm run print-bridge`: settings from the file and environment, the bridge on its port, a
 * short summary of where to reach it and the pairing code for a new tablet, graceful stop on
 * SIGINT/SIGTERM (tickets in flight finish; queued ones wait on disk for the next start).
 * `npm run print-bridge -- pair | devices | revoke <id>` talks to the running bridge instead
 * (`admin/cli.ts`).
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

const command = process.argv[2];
if (command !== undefined && (COMMANDS as readonly string[]).includes(command)) {
  process.exit(await runCommand(process.argv.slice(2), config, (line) => console.log(line)));
}

const bridge = await startBridge(config, log);
const code = bridge.pairing.code();
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
  `  web pages allowed to connect (${config.originsFrom}): ${config.allowedOrigins.join(' ')}`,
  `  paired devices: ${bridge.pairing.devices().length} (npm run print-bridge -- devices)`,
  `  pairing code for a new tablet: ${code.code} (valid until ${new Date(code.expiresAt).toTimeString().slice(0, 5)}; Profilo > Stampante; a new one: npm run print-bridge -- pair)`,
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
