import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

describe('withStatementCache', () => {
  it('prepares each SQL text once and keeps answering with current data', () => {
    const sqlite = new Database(':memory:');
    const db = withStatementCache(sqlite);
    db.prepare('create table t (n integer)').run([]);
    const select = db.prepare('select n from t order by n');
    expect(db.prepare('select n from t order by n')).toBe(select);
    db.prepare('insert into t (n) values (?)').run([1]);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
    db.close();
  });

  it('keeps a bounded number of statements, dropping the least recently used', () => {
    const sqlite = new Database(':memory:');
    const db = withStatementCache(sqlite);
    const first = db.prepare('select 0');
    for (let i = 1; i <= 500; i++) db.prepare(`select ${i}`);
    // 'select 0' was the oldest when the 501st text arrived: it is prepared anew.
    expect(db.prepare('select 0')).not.toBe(first);
    const recent = db.prepare('select 500');
    expect(db.prepare('select 500')).toBe(recent);
    db.close();
  });
});
