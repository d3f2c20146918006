/**
 * A batch add's analysed lines are staged as one row per analysed chunk (column arrays, a few
 * thousand lines each) instead of one row per line. 100,000 staged rows cost about as much to write
 * as the import itself (a row header, a primary key entry and a foreign key check each, WAL for all
 * of it); twenty rows of arrays cost a fraction of it (bench/import-numbers.mjs). The import writes
 * straight from the arrays; `phone_import_items` stays, as a view with the same columns and rows, and
 * the preview reads the lines through it.
 *
 * Lines already staged (a batch being analysed, previewed or waiting for a retry) are carried over,
 * one chunk per batch.
 */
export default /* sql */ `
create table phone_import_chunks (
  import_id integer not null references phone_imports (id) on delete cascade,
  -- seq (1, 2, 3 … over the file's non-empty lines) of the chunk's first line; the others follow.
  first_seq integer not null,
  -- One element per line, all arrays the same length.
  line_no integer[] not null,
  raw text[] not null,
  number text[] not null,
  prefix text[] not null,
  operator_id integer[] not null,
  status text[] not null,
  reason text[] not null,
  detail text[] not null,
  primary key (import_id, first_seq)
);

insert into phone_import_chunks (import_id, first_seq, line_no, raw, number, prefix, operator_id, status, reason, detail)
  select import_id, min(seq), array_agg(line_no order by seq), array_agg(raw order by seq),
         array_agg(number order by seq), array_agg(prefix order by seq), array_agg(operator_id order by seq),
         array_agg(status order by seq), array_agg(reason order by seq), array_agg(detail order by seq)
  from phone_import_items group by import_id;

drop table phone_import_items;

-- Every line of an import as the preview saw it, in file order; the valid ones are what the import writes.
create view phone_import_items as
  select c.import_id, c.first_seq + u.i::integer - 1 as seq, u.line_no, u.raw, u.number, u.prefix,
         u.operator_id, u.status, u.reason, u.detail
  from phone_import_chunks c,
       unnest(c.line_no, c.raw, c.number, c.prefix, c.operator_id, c.status, c.reason, c.detail)
         with ordinality as u(line_no, raw, number, prefix, operator_id, status, reason, detail, i);
`;
