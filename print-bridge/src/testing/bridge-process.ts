import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminRequest } from '../admin/socket.ts';
import type { ConfigFile } from '../config.ts';
import type { PairingCode } from '../pairing/codes.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const bridgeMain = join(here, '..', 'main.ts');
/** The repository root: where `tsx` resolves from, as for `npm run print-bridge`. */
export const repoRoot = join(here, '..', '..', '..');

/** The real bridge in its own process (as `npm run print-bridge` starts it), for crash tests. */
export interface BridgeProcess {
  port: number;
  pid: number;
  dataDir: string;
  /** The bridge's certificate authority: what a tablet that trusts the bridge has. */
  caCert: string;
  output(): string;
  /** A new pairing code, as `npm run print-bridge -- pair` asks it on the box. */
  pairingCode(): Promise<string>;
  /** SIGKILL: no clean-up at all, as a power cut. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful stop. */
  stop(): Promise<void>;
}

/**
 * Writes `config` to `<dataDir>/print-bridge.config.json` (port 0 and loopback unless given)
 * and starts the bridge on it. Resolves once it listens.
 */
export async function startBridgeProcess(options: {
  dataDir: string;
  config: ConfigFile;
  env?: Record<string, string>;
}): Promise<BridgeProcess> {
  const configPath = join(options.dataDir, 'print-bridge.config.json');
  writeFileSync(
    configPath,
    JSON.stringify({ port: 0, host: '127.0.0.1', dataDir: '.', probeSeconds: 0, ...options.config }, null, 2),
  );
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', bridgeMain], {
    cwd: repoRoot,
    env: { ...process.env, PRINT_BRIDGE_CONFIG: configPath, PRINT_BRIDGE_LOG: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bridge did not start in 30 s:\n${out}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on https:\/\/\S+:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bridge exited (${code}) before listening:\n${out}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    port,
    pid: child.pid ?? 0,
    dataDir: options.dataDir,
    caCert: readFileSync(join(options.dataDir, 'tls', 'ca.crt'), 'utf8'),
    output: () => out,
    pairingCode: async () =>
      (await adminRequest<PairingCode>(options.dataDir, 'POST', '/pairing-code')).body.code,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
