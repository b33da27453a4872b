import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resolveDatabasePath } from '../config.ts';
import { BackupError, backupDatabase, backupFileName, defaultBackupPath } from './backup.ts';

/** config.ts's default for DATABASE_URL (loadConfig is not used: it would create a session secret). */
const DEFAULT_DATABASE_URL = 'file:./data/comanda.db';

const USAGE = `Usage: npm run backup [-- <destination>]

Copies the SQLite database named by DATABASE_URL (default ${DEFAULT_DATABASE_URL}) while the
server runs, verifies the copy (PRAGMA integrity_check) and prints where it is.
<destination>: a file, or a folder to put comanda-<UTC timestamp>.db in;
default ./data/backups/comanda-<UTC timestamp>.db.`;

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** `npm run backup`: exit 0 with the copy's path and size, or 1 with the reason. */
async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (argv.length > 1) {
    console.error(USAGE);
    return 1;
  }
  const cwd = process.cwd();
  const source = resolveDatabasePath(process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL, cwd);
  const arg = argv[0];
  let destination = arg ? resolve(cwd, arg) : defaultBackupPath(cwd);
  if (arg && existsSync(destination) && statSync(destination).isDirectory()) {
    destination = join(destination, backupFileName());
  }
  try {
    const result = await backupDatabase(source, destination);
    console.log(`Backup written to ${result.path}`);
    console.log(
      `  ${megabytes(result.bytes)} (${result.bytes} bytes, ${result.pages} pages) in ${result.ms} ms; integrity_check ok`,
    );
    console.log(`  from ${source}`);
    return 0;
  } catch (err) {
    const reason = err instanceof BackupError ? err.message : String((err as Error)?.stack ?? err);
    console.error(`Backup failed: ${reason}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
