import { SelectQueryNode, type Compilable, type CompiledQuery } from 'kysely';
import { committedReadsOf } from './committed-reads.ts';
import type { Queryable } from './queryable.ts';

/**
 * Read queries that are built and compiled once per shape, then run with new values.
 *
 * Building a Kysely query allocates and freezes a tree of nodes, and compiling walks it: for the
 * feed's three queries that cost twice what SQLite spends running them. The SQL text only
 * depends on the query's shape, so `preparedQuery` builds it once with placeholder values,
 * remembers where each placeholder landed among the compiled parameters, and afterwards only
 * swaps in the real values.
 *
 * What a shape is: which arguments are undefined, the length of every array, and the value of
 * every boolean. So the builder may branch on those (`$if(args.before !== undefined, …)`,
 * `$if(args.withFriends, …)`) and must hand every other argument to Kysely as a value, never
 * compute with it in JavaScript: a placeholder that does not reach the parameters is an error.
 */
class Slot {
  constructor(
    readonly name: string,
    readonly index: number,
  ) {}
}

type Args = Record<string, unknown>;

interface Template {
  compiled: CompiledQuery;
  /** For each compiled parameter: where its value comes from, or the constant the builder wrote. */
  sources: unknown[];
}

/** Arrays longer than this are not worth a cached shape each (they are rare): built directly. */
const MAX_CACHED_ARRAY = 100;

function shapeOf(args: Args): string | null {
  let key = '';
  for (const name of Object.keys(args).sort()) {
    const value = args[name];
    if (value === undefined) key += `${name}:u;`;
    else if (value === null) key += `${name}:n;`;
    else if (typeof value === 'boolean') key += `${name}:${value};`;
    else if (Array.isArray(value)) {
      if (value.length > MAX_CACHED_ARRAY) return null;
      key += `${name}:a${value.length};`;
    } else key += `${name}:v;`;
  }
  return key;
}

function placeholdersFor(args: Args): Args {
  const out: Args = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null || typeof value === 'boolean') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.map((_, i) => new Slot(name, i));
    else out[name] = new Slot(name, -1);
  }
  return out;
}

function countSlots(args: Args): number {
  let n = 0;
  for (const value of Object.values(args)) {
    if (Array.isArray(value)) n += value.length;
    else if (value !== undefined && value !== null && typeof value !== 'boolean') n++;
  }
  return n;
}

export interface PreparedQuery<A extends Args, R> {
  all(db: Queryable, args: A): Promise<R[]>;
  first(db: Queryable, args: A): Promise<R | undefined>;
  /** The SQL and values a call would run (for tests that ask the database for its plan). */
  compiled(db: Queryable, args: A): CompiledQuery<R>;
}

export interface PreparedQueryOptions {
  /**
   * On SQLite, outside a transaction: rows kept while nothing in the database changes
   * (db/committed-reads.ts). For a small lookup made by nearly every request.
   */
  keepWhileUnchanged?: boolean;
}

export function preparedQuery<A extends Args, R>(
  name: string,
  build: (db: Queryable, args: A) => Compilable<R>,
  options: PreparedQueryOptions = {},
): PreparedQuery<A, R> {
  // Per dialect adapter: the same shape compiles to different SQL on SQLite and PostgreSQL.
  // Transactions share their database's adapter, so they share its templates too.
  const templates = new WeakMap<object, Map<string, Template>>();

  function templateFor(db: Queryable, shape: string, args: A): Template {
    const adapter = db.getExecutor().adapter;
    let byShape = templates.get(adapter);
    if (!byShape) templates.set(adapter, (byShape = new Map()));
    let template = byShape.get(shape);
    if (template) return template;

    const compiled = build(db, placeholdersFor(args) as A).compile();
    const used = new Set(compiled.parameters.filter((p) => p instanceof Slot).map((s) => `${s.name}#${s.index}`));
    if (used.size < countSlots(args) || compiled.sql.includes('[object Object]')) {
      throw new Error(`preparedQuery ${name}: every argument must reach the query as a value (shape ${shape})`);
    }
    template = { compiled, sources: [...compiled.parameters] };
    byShape.set(shape, template);
    return template;
  }

  function compiled(db: Queryable, args: A): CompiledQuery<R> {
    const shape = shapeOf(args);
    if (shape === null) return build(db, args).compile();
    const template = templateFor(db, shape, args);
    const parameters = template.sources.map((source) => {
      if (!(source instanceof Slot)) return source;
      const value = args[source.name];
      return source.index < 0 ? value : (value as unknown[])[source.index];
    });
    return { ...template.compiled, parameters } as CompiledQuery<R>;
  }

  async function all(db: Queryable, args: A): Promise<R[]> {
    const query = compiled(db, args);
    // Outside a transaction, on SQLite: the reading connection, at once (db/committed-reads.ts).
    const reads = committedReadsOf(db);
    if (reads && SelectQueryNode.is(query.query)) {
      return (options.keepWhileUnchanged ? reads.allWhileUnchanged(query.sql, query.parameters) : reads.all(query.sql, query.parameters)) as R[];
    }
    return (await db.executeQuery(query)).rows;
  }

  return {
    all,
    compiled,
    async first(db, args) {
      const rows = await all(db, args);
      return rows[0];
    },
  };
}
