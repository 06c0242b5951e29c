import { afterEach, describe, expect, it } from 'vitest';
import { serveCommand } from '../src/commands/serve';
import { freshDatabase } from '../../../test/postgres';

describe('fray serve --database', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const f of cleanup.splice(0).reverse()) await f();
  });

  it('serves from a PostgreSQL database, names it without its password, and reuses the demo table there', async () => {
    const db = await freshDatabase('fray_cli');
    cleanup.push(db.drop);
    const first = await serveCommand({ port: 0, database: db.url, demo: true });
    cleanup.push(() => first.server.close());
    const where = new URL(db.url);
    expect(first.lines[0]).toContain(`(data: postgres://postgres@127.0.0.1:${where.port}${where.pathname}, 0 table(s) loaded)`);
    expect(first.lines.join('\n')).not.toContain(where.password);
    const tableId = /^Demo table (\S+)$/m.exec(first.lines.join('\n'))![1];
    await first.server.close();
    cleanup.pop();
    const second = await serveCommand({ port: 0, database: db.url, demo: true });
    cleanup.push(() => second.server.close());
    expect(second.lines).toContain(`Demo table (reused) ${tableId}`);
  });

  it('refuses a database that is not a PostgreSQL URL, saying what it takes', async () => {
    await expect(serveCommand({ port: 0, database: 'mysql://x@y/z' })).rejects.toThrow("--database takes a PostgreSQL URL (postgres://user:password@host:port/database), not 'mysql://x@y/z'");
  });
});
