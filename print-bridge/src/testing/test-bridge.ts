import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Bridge, startBridge } from '../bridge.ts';
import { type ConfigFile, loadConfig } from '../config.ts';
import { silentLog } from '../log.ts';
import { ensureCertificate, machineNames } from '../tls.ts';
import { BridgeClient } from './client.ts';

/** Temp folders a test made, removed by `cleanupTempDirs`. */
const made: string[] = [];

export function tempDir(prefix = 'print-bridge-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

let template: Promise<Map<string, string>> | null = null;

/**
 * Key generation takes most of a second: tests copy one certificate set, made once per test
 * process and kept in memory, into each bridge's data folder (the bridge keeps a valid one, as
 * it does across restarts).
 */
export function seedCertificate(dataDir: string): Promise<void> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'print-bridge-tls-'));
    try {
      await ensureCertificate(dir, machineNames(), silentLog);
      return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return template.then((files) => {
    const tls = join(dataDir, 'tls');
    if (existsSync(tls)) return;
    mkdirSync(tls, { recursive: true });
    for (const [name, text] of files) writeFileSync(join(tls, name), text, { mode: 0o600 });
  });
}

/** The real bridge in this process, with the settings file a venue would write. */
export async function startTestBridge(dataDir: string, file: ConfigFile): Promise<Bridge> {
  await seedCertificate(dataDir);
  const path = join(dataDir, 'print-bridge.config.json');
  writeFileSync(path, JSON.stringify({ port: 0, host: '127.0.0.1', dataDir: '.', probeSeconds: 0, ...file }));
  return startBridge(loadConfig({ PRINT_BRIDGE_CONFIG: path }, dataDir), silentLog);
}

/** A dashboard paired with an in-process bridge, as a tablet is once the owner typed the code. */
export async function pairedClient(bridge: Bridge, options: { origin?: string } = {}): Promise<BridgeClient> {
  const client = await BridgeClient.connect(bridge.port, bridge.tls.caCert, '127.0.0.1', options);
  await client.pair(bridge.pairing.code().code);
  return client;
}
