import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The server's database, read directly: what was really stored, not what the screens say. */
export function readDb<T>(query: (db: Database.Database) => T): T {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(join(dir, 'comanda.db'), { readonly: true, fileMustExist: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

/** The demo venue's id and the id of its table with number `n`. */
export function demoTable(n: number): { ownerId: string; tableId: string } {
  return readDb((db) => {
    const business = db.prepare("SELECT id FROM businesses WHERE name = 'Trattoria Demo'").get() as {
      id: string;
    };
    const table = db
      .prepare('SELECT id FROM tables WHERE business_id = ? AND number = ?')
      .get(business.id, n) as { id: string };
    return { ownerId: business.id, tableId: table.id };
  });
}
