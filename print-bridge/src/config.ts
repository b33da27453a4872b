import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { KITCHEN_FILTERS, PRINTER_PORT } from '@comanda/shared-schema';
import { z } from 'zod';
import { defaultAppOrigins, normalizeOrigin } from './origins.ts';
import { machineNames } from './tls.ts';

/**
 * The bridge's settings: a small JSON file (PRINT_BRIDGE_CONFIG, else `print-bridge.config.json`
 * in the working folder, else in the data folder) plus a few environment overrides. Every
 * setting has a default, so `npm run print-bridge` with no file at all prints to a folder.
 * `loadConfig` is the only place that reads `process.env` and the file.
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const Seconds = z.number().positive().max(86_400);

const TcpTarget = z
  .object({
    type: z.literal('tcp'),
    host: z.string().min(1).max(255),
    port: z.number().int().min(1).max(65_535).default(9100),
    /** Ask the printer for its paper sensor (ESC/POS DLE EOT 4) before each ticket. */
    paperCheck: z.boolean().default(false),
  })
  .strict();
const DeviceTarget = z.object({ type: z.literal('device'), path: z.string().min(1) }).strict();
const FolderTarget = z.object({ type: z.literal('folder'), path: z.string().min(1) }).strict();
export const PrinterTarget = z.discriminatedUnion('type', [TcpTarget, DeviceTarget, FolderTarget]);
export type PrinterTarget = z.infer<typeof PrinterTarget>;

const PrinterFile = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,39}$/, 'letters, digits, space, _ . - (at most 40)'),
    /** The kitchen area it serves; 'tutto' takes every line. */
    area: z.enum(KITCHEN_FILTERS),
    target: PrinterTarget,
    /** 'receipt' (prices and totals) or 'kitchen' (large type, no prices). Default by area. */
    ticket: z.enum(['receipt', 'kitchen']).optional(),
    /** Printer that takes this one's tickets once it has failed for `failoverAfterSeconds`. */
    backup: z.string().optional(),
    /** A spare: prints only tickets failed over to it, never its area's own. */
    onlyBackup: z.boolean().optional(),
    failoverAfterSeconds: Seconds.optional(),
    /** Characters per line in normal type: 48 for 80 mm paper, 32 for 58 mm. */
    columns: z.number().int().min(24).max(64).optional(),
    /** ESC/POS code page of the printer's text; cp858 has the euro sign and Italian accents. */
    codepage: z.string().min(1).max(30).optional(),
  })
  .strict();
type PrinterFile = z.infer<typeof PrinterFile>;

const ConfigFileSchema = z
  .object({
    port: z.number().int().min(0).max(65_535).optional(),
    host: z.string().min(1).optional(),
    dataDir: z.string().min(1).optional(),
    /** Printed when a message carries no venue name. */
    venueName: z.string().max(100).optional(),
    printers: z.array(PrinterFile).min(1).max(20).optional(),
    failoverAfterSeconds: Seconds.optional(),
    retry: z.object({ firstSeconds: Seconds.optional(), maxSeconds: Seconds.optional() }).strict().optional(),
    /** How often an idle printer is checked so the status stays true. 0 turns it off. */
    probeSeconds: z.number().min(0).max(3600).optional(),
    /**
     * Web origins allowed to open the websocket: the Comanda app's. Unset or empty: the app on
     * this machine, `http(s)://<any of its names>:3000` (DESIGN.md "Abuse").
     */
    allowedOrigins: z.array(z.string().min(1)).max(100).optional(),
    /** Hostnames or IPs added to the certificate besides localhost and the LAN addresses. */
    certificateNames: z.array(z.string().min(1)).optional(),
  })
  .strict();
/** The settings file as a venue writes it (defaults not applied yet). */
export type ConfigFile = z.input<typeof ConfigFileSchema>;
type ParsedConfigFile = z.infer<typeof ConfigFileSchema>;

export interface PrinterConfig {
  name: string;
  area: (typeof KITCHEN_FILTERS)[number];
  target: PrinterTarget;
  ticket: 'receipt' | 'kitchen';
  backup: string | null;
  onlyBackup: boolean;
  failoverAfterMs: number;
  columns: number;
  codepage: string;
}

export interface BridgeConfig {
  port: number;
  host: string;
  dataDir: string;
  venueName: string;
  printers: PrinterConfig[];
  retryFirstMs: number;
  retryMaxMs: number;
  probeMs: number;
  /** Never empty: the settings', COMANDA_APP_ORIGIN's, or the app on this machine's. */
  allowedOrigins: string[];
  /** Where `allowedOrigins` came from, for the start-up message. */
  originsFrom: 'settings' | 'COMANDA_APP_ORIGIN' | 'default';
  certificateNames: string[];
  /** Where the settings came from, for the start-up message. */
  configFile: string | null;
}

export const DEFAULTS = {
  port: PRINTER_PORT,
  host: '0.0.0.0',
  dataDir: './data/print-bridge',
  venueName: 'Comanda',
  failoverAfterSeconds: 60,
  retryFirstSeconds: 0.5,
  retryMaxSeconds: 10,
  probeSeconds: 30,
  columns: 48,
  codepage: 'cp858',
} as const;

const CONFIG_NAME = 'print-bridge.config.json';

function readConfigFile(path: string): ParsedConfigFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${path}: not readable JSON (${(err as Error).message})`);
  }
  const parsed = ConfigFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`${path}: invalid settings\n${issues.join('\n')}`);
  }
  return parsed.data;
}

function envPort(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PRINT_BRIDGE_PORT: not a port number: ${value}`);
  }
  return port;
}

/** Each origin as a browser sends it; a wrong one stops the bridge with its name. */
function origins(values: readonly string[], where: string): string[] {
  return values.map((value) => {
    const origin = normalizeOrigin(value);
    if (origin === null) throw new ConfigError(`${where}: not a web origin (scheme://host[:port]): ${value}`);
    return origin;
  });
}

/** Resolves the settings. `env` and `cwd` are parameters so tests need no global state. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): BridgeConfig {
  const envDataDir = env.PRINT_BRIDGE_DATA_DIR?.trim() || undefined;
  const candidates = env.PRINT_BRIDGE_CONFIG?.trim()
    ? [resolve(cwd, env.PRINT_BRIDGE_CONFIG.trim())]
    : [join(cwd, CONFIG_NAME), join(resolve(cwd, envDataDir ?? DEFAULTS.dataDir), CONFIG_NAME)];
  const configFile = candidates.find((path) => existsSync(path)) ?? null;
  if (env.PRINT_BRIDGE_CONFIG?.trim() && configFile === null) {
    throw new ConfigError(`PRINT_BRIDGE_CONFIG: no such file: ${candidates[0]}`);
  }
  const file: ParsedConfigFile = configFile ? readConfigFile(configFile) : {};
  // Paths in the file are relative to the file, so the file can move with its folder.
  const base = configFile ? dirname(configFile) : cwd;
  const at = (path: string, from: string) => (isAbsolute(path) ? path : resolve(from, path));

  const dataDir = envDataDir ? at(envDataDir, cwd) : at(file.dataDir ?? DEFAULTS.dataDir, base);
  const failoverDefault = file.failoverAfterSeconds ?? DEFAULTS.failoverAfterSeconds;
  const printersIn: PrinterFile[] = file.printers ?? [
    { name: 'cassa', area: 'tutto', target: { type: 'folder', path: join(dataDir, 'tickets') } },
  ];
  const printers: PrinterConfig[] = printersIn.map((p) => ({
    name: p.name,
    area: p.area,
    target: p.target.type === 'tcp' ? p.target : { ...p.target, path: at(p.target.path, base) },
    ticket: p.ticket ?? (p.area === 'tutto' ? 'receipt' : 'kitchen'),
    backup: p.backup ?? null,
    onlyBackup: p.onlyBackup ?? false,
    failoverAfterMs: Math.round((p.failoverAfterSeconds ?? failoverDefault) * 1000),
    columns: p.columns ?? DEFAULTS.columns,
    codepage: p.codepage ?? DEFAULTS.codepage,
  }));
  checkPrinters(printers);
  if (printers.every((p) => p.onlyBackup)) throw new ConfigError('printers: every printer is onlyBackup');

  const retryFirstMs = Math.round((file.retry?.firstSeconds ?? DEFAULTS.retryFirstSeconds) * 1000);
  const retryMaxMs = Math.round((file.retry?.maxSeconds ?? DEFAULTS.retryMaxSeconds) * 1000);
  if (retryMaxMs < retryFirstMs) throw new ConfigError('retry.maxSeconds is below retry.firstSeconds');
  const certificateNames = file.certificateNames ?? [];
  const envOrigins = (env.COMANDA_APP_ORIGIN ?? '').split(',').filter((o) => o.trim() !== '');
  let allowedOrigins: string[];
  let originsFrom: BridgeConfig['originsFrom'];
  if (envOrigins.length > 0) {
    allowedOrigins = origins(envOrigins, 'COMANDA_APP_ORIGIN');
    originsFrom = 'COMANDA_APP_ORIGIN';
  } else if (file.allowedOrigins && file.allowedOrigins.length > 0) {
    allowedOrigins = origins(file.allowedOrigins, 'allowedOrigins');
    originsFrom = 'settings';
  } else {
    allowedOrigins = defaultAppOrigins(machineNames(certificateNames));
    originsFrom = 'default';
  }
  return {
    port: envPort(env.PRINT_BRIDGE_PORT) ?? file.port ?? DEFAULTS.port,
    host: env.PRINT_BRIDGE_HOST?.trim() || file.host || DEFAULTS.host,
    dataDir,
    venueName: file.venueName ?? DEFAULTS.venueName,
    printers,
    retryFirstMs,
    retryMaxMs,
    probeMs: Math.round((file.probeSeconds ?? DEFAULTS.probeSeconds) * 1000),
    allowedOrigins: [...new Set(allowedOrigins)],
    originsFrom,
    certificateNames,
    configFile,
  };
}

function checkPrinters(printers: PrinterConfig[]): void {
  const names = new Set<string>();
  for (const p of printers) {
    const key = p.name.toLowerCase();
    if (names.has(key)) throw new ConfigError(`printers: the name '${p.name}' is used twice`);
    names.add(key);
  }
  for (const p of printers) {
    if (p.backup === null) continue;
    const backup = printers.find((q) => q.name.toLowerCase() === p.backup?.toLowerCase());
    if (!backup) throw new ConfigError(`printers.${p.name}.backup: no printer named '${p.backup}'`);
    if (backup === p) throw new ConfigError(`printers.${p.name}.backup: a printer cannot back itself up`);
    p.backup = backup.name;
  }
}
