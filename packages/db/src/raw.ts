import { getTableColumns, type Table } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Plain parameterised SQL for the hot multi-row writes of the mail path (the mx's accepts, the
 * worker's batches). drizzle's insert builder spent about a fifth of the worker's CPU turning
 * objects into SQL (entity checks and chunk walking per value); here one string is built per
 * statement and the values go to the driver as they are. Buffers travel as binary parameters.
 *
 * Works on both drivers: node-postgres (Pool or PoolClient) and PGlite (instance or
 * transaction) take `query(text, params)` and answer `{ rows }`. Inside `db.transaction` the
 * transaction's own client is used, so these statements are part of it.
 */
interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

function clientOf(db: DbOrTx): RawClient {
  return (db as unknown as { session: { client: RawClient } }).session.client;
}

export async function rawQuery(db: DbOrTx, text: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  return (await clientOf(db).query(text, params)).rows;
}

/** One column of a raw insert: the SQL name, the property it is read from, and how. */
export interface RawColumn<T> {
  name: string;
  get: (row: T) => unknown;
  /** jsonb values are sent as JSON text; timestamptz as ISO strings (the same on both drivers). */
  type?: 'jsonb' | 'timestamptz';
}

/**
 * The raw columns of a drizzle table, named and typed from its schema, so a column added to the
 * schema is written without a second list to keep in step. `except`: columns never written here.
 */
export function tableColumns<T extends Table>(
  table: T,
  except: Array<keyof T['$inferInsert']> = [],
): Array<RawColumn<T['$inferInsert']>> {
  return Object.entries(getTableColumns(table))
    .filter(([prop]) => !except.includes(prop as keyof T['$inferInsert']))
    .map(([prop, column]) => {
      const sqlType = column.getSQLType();
      const type = sqlType === 'jsonb' ? 'jsonb' : sqlType === 'timestamp with time zone' ? 'timestamptz' : undefined;
      return {
        name: column.name,
        get: (row: T['$inferInsert']) => (row as Record<string, unknown>)[prop],
        ...(type ? { type } : {}),
      };
    });
}

/** Postgres takes at most 65 535 parameters per statement. */
const MAX_PARAMS = 65_000;

/**
 * `INSERT INTO table (…) VALUES (…), (…) <suffix>` for all rows, in as few statements as the
 * parameter limit allows; an undefined value becomes DEFAULT. Returns the rows of RETURNING in
 * statement order (Postgres returns the rows of one multi-row VALUES insert in the order given).
 */
export async function insertRows<T>(
  db: DbOrTx,
  table: string,
  columns: Array<RawColumn<T>>,
  rows: T[],
  suffix = '',
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const head = `insert into ${table} (${columns.map((c) => c.name).join(', ')}) values `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of rows.slice(start, start + perStatement)) {
      const cells: string[] = [];
      for (const c of columns) {
        const v = c.get(row);
        if (v === undefined) {
          cells.push('default');
          continue;
        }
        params.push(
          v === null
            ? null
            : c.type === 'jsonb'
              ? JSON.stringify(v)
              : c.type === 'timestamptz'
                ? (v as Date).toISOString()
                : // A bigint goes as text, which Postgres casts: the same on both drivers.
                  typeof v === 'bigint'
                  ? v.toString()
                  : v,
        );
        cells.push(c.type ? `$${params.length}::${c.type}` : `$${params.length}`);
      }
      tuples.push(`(${cells.join(', ')})`);
    }
    out.push(...(await rawQuery(db, head + tuples.join(', ') + (suffix ? ` ${suffix}` : ''), params)));
  }
  return out;
}
