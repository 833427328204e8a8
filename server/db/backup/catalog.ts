import type { SqlSession } from "./session";
import { quoteIdent, quoteLiteral, type ValueKind, valueKind } from "./sql-text";

/** The schemas a backup covers: the shop's tables, and Drizzle's record of applied migrations. */
export const DUMPED_SCHEMAS = ["public", "drizzle"] as const;
const schemaList = DUMPED_SCHEMAS.map(quoteLiteral).join(", ");

export type Column = { name: string; kind: ValueKind };

export type Table = {
  schema: string;
  name: string;
  /** `"schema"."name"`, ready for SQL. */
  qualified: string;
  /** Every column a row is written with (generated columns are left to the database). */
  columns: Column[];
  primaryKey: string[];
  /** GENERATED ALWAYS identity (orders.order_number): the restore must override it. */
  hasAlwaysIdentity: boolean;
};

export type Sequence = { qualified: string };

function qualify(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/** The tables of the dumped schemas, each after the tables its foreign keys point to. */
export async function listTables(session: SqlSession): Promise<Table[]> {
  const tableRows = await session.rows(`
    select n.nspname::text, c.relname::text, c.oid::text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in (${schemaList})
    order by n.nspname desc, c.relname`);
  const tables = new Map<string, Table>();
  for (const [schema, name, oid] of tableRows as [string, string, string][]) {
    const columns = await session.rows(`
      select a.attname::text, t.typcategory::text, a.attidentity::text, a.attgenerated::text
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = ${oid} and a.attnum > 0 and not a.attisdropped
      order by a.attnum`);
    const primaryKey = await session.rows(`
      select a.attname::text
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = ${oid} and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`);
    tables.set(oid, {
      schema,
      name,
      qualified: qualify(schema, name),
      columns: (columns as string[][])
        .filter(([, , , generated]) => generated === "")
        .map(([column, category]) => ({
          name: column as string,
          kind: valueKind(category as string),
        })),
      primaryKey: primaryKey.map(([column]) => column as string),
      hasAlwaysIdentity: (columns as string[][]).some(([, , identity]) => identity === "a"),
    });
  }
  const references = (await session.rows(`
    select conrelid::text, confrelid::text from pg_constraint
    where contype = 'f' and conrelid <> confrelid`)) as [string, string][];
  return inForeignKeyOrder(tables, references);
}

/** Kahn's topological sort; ties keep the catalogue's (alphabetical) order so dumps are stable. */
function inForeignKeyOrder(tables: Map<string, Table>, references: [string, string][]): Table[] {
  const waitingFor = new Map<string, Set<string>>(
    [...tables.keys()].map((oid) => [oid, new Set()]),
  );
  for (const [from, to] of references) {
    if (tables.has(from) && tables.has(to)) waitingFor.get(from)?.add(to);
  }
  const ordered: Table[] = [];
  while (waitingFor.size > 0) {
    const ready = [...waitingFor].find(([, deps]) => deps.size === 0)?.[0];
    if (ready === undefined) {
      const names = [...waitingFor.keys()].map((oid) => tables.get(oid)?.qualified).join(", ");
      throw new Error(`The foreign keys between ${names} form a cycle: no order can restore them`);
    }
    waitingFor.delete(ready);
    for (const deps of waitingFor.values()) deps.delete(ready);
    ordered.push(tables.get(ready) as Table);
  }
  return ordered;
}

export async function listSequences(session: SqlSession): Promise<Sequence[]> {
  const rows = await session.rows(`
    select n.nspname::text, c.relname::text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and n.nspname in (${schemaList})
    order by n.nspname desc, c.relname`);
  return (rows as [string, string][]).map(([schema, name]) => ({
    qualified: qualify(schema, name),
  }));
}

/** How many tables, views and sequences the dumped schemas hold (0: an empty database). */
export async function countRelations(session: SqlSession): Promise<number> {
  const [[count]] = (await session.rows(`
    select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in (${schemaList}) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`)) as [
    [number],
  ];
  return count;
}
