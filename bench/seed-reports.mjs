#!/usr/bin/env node
// Seeds a year of business into a migrated Jiema database on PostgreSQL, for the reports:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/jiema node bench/seed-reports.mjs [--scale 1]
// At scale 1: 50,000 users, 200,000 orders, 1,000,000 inbound SMS, 500,000 login records.
// Rows are marked (bench_u…, bench_o_…) so they are easy to tell apart; run it on a copy, not on production.
import { parseArgs } from 'node:util';
import { seedReportDataset } from './lib/report-dataset.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: process.env.BENCH_SCALE ?? '1' } },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 10)) throw new Error('--scale must be a number in (0, 10]');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (a migrated Jiema database on PostgreSQL)');
const pg = await importFromServer('pg');
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const started = Date.now();
  console.log(`seeding at scale ${scale}`);
  await seedReportDataset(client, scale);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await client.end();
}
