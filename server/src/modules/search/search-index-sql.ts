/**
 * Fills the search index from the pins table (migration 0021 keeps it by triggers from then on).
 * For bulk loads that drop the triggers (the seed), and as a repair. PostgreSQL needs nothing:
 * its search column is generated from the row itself.
 */
export function searchBackfillSql(dialect: 'sqlite' | 'postgres'): string[] {
  if (dialect === 'postgres') return [];
  return [
    'delete from pin_search',
    'delete from pin_search_rows',
    'insert into pin_search_rows (pin_id) select id from pins order by id',
    `insert into pin_search (rowid, title, description, location_name)
      select r.fts_rowid, p.title, p.description, p.location_name from pins p join pin_search_rows r on r.pin_id = p.id`,
  ];
}
