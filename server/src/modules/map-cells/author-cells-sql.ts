import { NOT_PUBLIC_LEVELS } from '../access/index.ts';

/**
 * author_cells (migration 0005): each author's private and friends-only memories per grid cell,
 * for the coarse levels 0…AUTHOR_CELL_MAX_LEVEL. A world view then reads a few rows per friend
 * instead of every memory they have. Kept by database triggers, so every write path (the
 * memories service, a cascade from a deleted user, a hand-run UPDATE) keeps it right, and the
 * cell is computed by the same SQL on the way in and out.
 *
 * Plain SQL text, run by the seed script around a bulk load. Migration 0005 carries a frozen copy
 * of what this generated then; access/audience.test.ts checks on both databases that the triggers a
 * migrated database holds keep exactly the memories the audience rule keeps out of public cells.
 */
export const AUTHOR_CELL_MAX_LEVEL = 8;

export type SqlDialect = 'sqlite' | 'postgres';

const MAX_LAT = '85.0511287798066';

/** '(1, 2)': the visibilities that do not reach everyone, from the audience rule. */
const KEPT = `(${NOT_PUBLIC_LEVELS.join(', ')})`;

/** Is the row (`new`, `old`, or the bare table) one the author's cells keep? */
const kept = (row: string) => `${row}visibility in ${KEPT} and ${row}circle_id is null`;

/** The cell of (lat, lng) in a grid of n × n cells (map-grid.ts's formula), as SQL. */
export function cellSql(dialect: SqlDialect, n: string, lat: string, lng: string): { cx: string; cy: string } {
  const least = dialect === 'sqlite' ? 'min' : 'least';
  const greatest = dialect === 'sqlite' ? 'max' : 'greatest';
  const sin = `sin(radians(${greatest}(-${MAX_LAT}, ${least}(${MAX_LAT}, ${lat}))))`;
  return {
    cx: `cast(${least}(${n} - 1, ${greatest}(0, floor((${lng} + 180) / 360 * ${n}))) as integer)`,
    cy: `cast(${least}(${n} - 1, ${greatest}(0, floor((0.5 - ln((1 + ${sin}) / (1 - ${sin})) / (4 * pi())) * ${n}))) as integer)`,
  };
}

/** Fills every level from the pins table (the table must be empty). */
export function backfillSql(dialect: SqlDialect): string[] {
  const statements: string[] = [];
  for (let level = 0; level <= AUTHOR_CELL_MAX_LEVEL; level++) {
    const { cx, cy } = cellSql(dialect, String(2 ** level), 'latitude', 'longitude');
    statements.push(`insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select author_id, visibility, ${level}, cx, cy, count(*), sum(latitude), sum(longitude)
      from (select author_id, visibility, latitude, longitude, ${cx} as cx, ${cy} as cy from pins where ${kept('')}) as p
      group by author_id, visibility, cx, cy`);
  }
  return statements;
}

const UPSERT_TAIL = `on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng`;

/** SQLite has no loops in triggers: one upsert per level, for the old row (−1) or the new (+1). */
function sqliteUpserts(row: 'old' | 'new', sign: 1 | -1): string {
  const lines: string[] = [];
  for (let level = 0; level <= AUTHOR_CELL_MAX_LEVEL; level++) {
    const { cx, cy } = cellSql('sqlite', String(2 ** level), `${row}.latitude`, `${row}.longitude`);
    lines.push(`insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select ${row}.author_id, ${row}.visibility, ${level}, ${cx}, ${cy}, ${sign}, ${sign} * ${row}.latitude, ${sign} * ${row}.longitude
      where ${kept(`${row}.`)}
      ${UPSERT_TAIL};`);
  }
  return lines.join('\n');
}

export function createTriggersSql(dialect: SqlDialect): string[] {
  const moved =
    'old.visibility is not new.visibility or old.latitude is not new.latitude or old.longitude is not new.longitude or old.author_id is not new.author_id or old.circle_id is not new.circle_id';
  if (dialect === 'sqlite') {
    return [
      `create trigger pins_author_cells_insert after insert on pins when ${kept('new.')} begin
        ${sqliteUpserts('new', 1)}
      end`,
      `create trigger pins_author_cells_delete after delete on pins when ${kept('old.')} begin
        ${sqliteUpserts('old', -1)}
      end`,
      `create trigger pins_author_cells_update after update of visibility, latitude, longitude, author_id, circle_id on pins
        when ((${kept('old.')}) or (${kept('new.')})) and (${moved}) begin
        ${sqliteUpserts('old', -1)}
        ${sqliteUpserts('new', 1)}
      end`,
    ];
  }
  // One function with the level as a loop variable and n = 2^level.
  const { cx, cy } = cellSql('postgres', 'n', 'lat', 'lng');
  return [
    `create or replace function author_cells_apply(a text, v integer, c text, lat double precision, lng double precision, sign integer)
      returns void language plpgsql as $fn$
      declare
        lv integer;
        n double precision;
      begin
        if v not in ${KEPT} or c is not null then return; end if;
        for lv in 0..${AUTHOR_CELL_MAX_LEVEL} loop
          n := 2 ^ lv;
          insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
            values (a, v, lv, ${cx}, ${cy}, sign, sign * lat, sign * lng)
            ${UPSERT_TAIL};
        end loop;
      end
      $fn$`,
    `create or replace function pins_author_cells() returns trigger language plpgsql as $fn$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          perform author_cells_apply(old.author_id, old.visibility, old.circle_id, old.latitude, old.longitude, -1);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          perform author_cells_apply(new.author_id, new.visibility, new.circle_id, new.latitude, new.longitude, 1);
        end if;
        return null;
      end
      $fn$`,
    `create trigger pins_author_cells_insert after insert on pins for each row when (${kept('new.')}) execute function pins_author_cells()`,
    `create trigger pins_author_cells_delete after delete on pins for each row when (${kept('old.')}) execute function pins_author_cells()`,
    `create trigger pins_author_cells_update after update of visibility, latitude, longitude, author_id, circle_id on pins for each row
      when (((${kept('old.')}) or (${kept('new.')})) and (${moved.replaceAll(' is not ', ' is distinct from ')}))
      execute function pins_author_cells()`,
  ];
}
