// Batch add of 100,000 numbers through the real server (upload → analysis/preview → one-transaction
// import), timed from the first byte of the upload to the completed import, next to a baseline in the
// same run: the same numbers inserted straight into the same `phone_numbers` shape (a copy of the
// table with its indexes) with plain multi-row inserts in one transaction.
// Target (issue): 100,000 numbers imported in under 30 seconds.
import { cleanupMark, runBounded, runCleanup } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { logIn, startJiemaServer } from './lib/jiema-server.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const TARGET_SECONDS = 30;
const DATABASE_NAMES = { postgres: 'PostgreSQL', pglite: 'PGlite' };
/** Rows per statement of the baseline, as the server writes them. */
const BASELINE_CHUNK = 10_000;

const options = readOptions(
  {
    db: {
      env: 'BENCH_DB',
      default: 'both',
      parse: parsers.oneOf('postgres', 'pglite', 'both'),
      help: 'database',
    },
    numbers: {
      env: 'BENCH_NUMBERS',
      default: 100_000,
      parse: parsers.positiveInteger,
      help: 'numbers in the uploaded file',
    },
    poll: {
      env: 'BENCH_POLL_MS',
      default: 250,
      parse: parsers.positiveInteger,
      help: 'how often the import is polled, as the page does',
    },
    'log-level': { env: 'BENCH_LOG_LEVEL', default: 'warn', parse: parsers.text, help: "server's LOG_LEVEL" },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      parse: parsers.text,
      help: 'PostgreSQL admin URL (loopback only); a fresh database is created and dropped',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  {
    usage: 'node import-numbers.mjs [options]: batch add of 100k numbers vs a plain insert of the same rows',
  },
);

const kinds = options.db === 'both' ? ['postgres', 'pglite'] : [options.db];
const deadlineMs = kinds.length * 600_000;

await runBounded(
  async () => {
    const machine = describeMachine();
    let exitCode = 0;
    for (const kind of kinds) {
      const mark = cleanupMark();
      const outcome = await benchmarkOn(kind, machine);
      await runCleanup(mark);
      if (!outcome.valid) {
        console.error(`${DATABASE_NAMES[kind]}: ${outcome.problem}; not recorded.`);
        exitCode = 1;
      } else if (options.record) {
        recordSection(`import-numbers:${kind}`, outcome.markdown);
        console.log('Recorded in bench/RESULTS.md');
      }
    }
    return exitCode;
  },
  { deadlineMs },
);

/** Distinct valid Russian mobile numbers, +7 9xx xxx xx xx. */
function numbersFile(count) {
  const numbers = Array.from({ length: count }, (_, i) => `+79${String(100_000_000 + i * 7).slice(-9)}`);
  return { numbers, text: `${numbers.join('\n')}\n` };
}

async function call(origin, token, path, init = {}) {
  const response = await fetch(`${origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  const body = await response.json();
  if (response.status !== 200 || body.code !== 200) {
    throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** Polls the import until it leaves `state`; returns it and how often the progress moved. */
async function waitWhile(origin, token, id, state, field) {
  let current;
  const seen = new Set();
  do {
    await new Promise((resolve) => setTimeout(resolve, options.poll));
    current = await call(origin, token, `/api/admin/phone-imports/${id}`);
    if (current.state === state) seen.add(current[field]);
  } while (current.state === state);
  return { current, progressSteps: seen.size };
}

async function benchmarkOn(kind, machine) {
  const maxLifetimeMs = deadlineMs + 30_000;
  const database = await freshDatabase(kind, { postgresAdminUrl: options['pg-url'] });
  const jiema = await startJiemaServer({ database, logLevel: options['log-level'], maxLifetimeMs });
  const token = await logIn(jiema.origin, jiema.admin);
  const { numbers, text } = numbersFile(options.numbers);
  console.log(`\n${DATABASE_NAMES[kind]}: ${database.description}; ${numbers.length} numbers`);

  // --- Jiema: what an administrator does on the batch add page, timed end to end.
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), 'numbers.txt');
  const started = performance.now();
  const created = await call(jiema.origin, token, '/api/admin/phone-imports?countryCode=RU&source=bench', {
    method: 'POST',
    body: form,
  });
  const uploaded = performance.now();
  const analysis = await waitWhile(jiema.origin, token, created.id, 'analysing', 'processedLines');
  const previewed = performance.now();
  if (analysis.current.state !== 'ready' || analysis.current.validCount !== numbers.length) {
    return { valid: false, problem: `preview: ${JSON.stringify(analysis.current)}` };
  }
  await call(jiema.origin, token, `/api/admin/phone-imports/${created.id}/commit`, { method: 'POST' });
  const writing = await waitWhile(jiema.origin, token, created.id, 'importing', 'writtenLines');
  const imported = performance.now();
  const done = writing.current;
  if (done.state !== 'completed' || done.addedCount !== numbers.length) {
    return { valid: false, problem: `import: ${JSON.stringify(done)}` };
  }
  await jiema.stop();

  const seconds = {
    upload: (uploaded - started) / 1000,
    preview: (previewed - uploaded) / 1000,
    import: (imported - previewed) / 1000,
    total: (imported - started) / 1000,
  };

  // --- Baseline: the same rows straight into a copy of phone_numbers (same columns and indexes).
  const baseline = await insertDirectly(kind, database, numbers, done.addRecordId);

  const met = seconds.total < TARGET_SECONDS;
  const table = [
    '| Step | Seconds |',
    '| --- | ---: |',
    `| Upload (${(text.length / 1024 / 1024).toFixed(1)} MB, file kept, import created) | ${seconds.upload.toFixed(2)} |`,
    `| Analysis and preview (normalise, duplicates in file and stock, staged in chunks; ${analysis.progressSteps} progress steps seen) | ${seconds.preview.toFixed(2)} |`,
    `| Import (one transaction; ${writing.progressSteps} progress steps seen) | ${seconds.import.toFixed(2)} |`,
    `| **Jiema total** | **${seconds.total.toFixed(2)}** |`,
    `| Baseline: multi-row inserts of the same ${numbers.length} rows, one transaction | ${baseline.toFixed(2)} |`,
  ].join('\n');
  console.log(`\n${table}\n`);
  console.log(
    `Total ${seconds.total.toFixed(1)} s (target < ${TARGET_SECONDS} s: ${met ? 'met' : 'NOT met'}); ${(seconds.total / baseline).toFixed(1)} × the baseline`,
  );

  const markdown = `## Batch add of ${numbers.length.toLocaleString('en-US')} numbers, ${DATABASE_NAMES[kind]}

**${seconds.total.toFixed(1)} s** from the start of the upload to the completed import; target < ${TARGET_SECONDS} s: **${met ? 'met' : 'not met'}**. Baseline (the rows alone, inserted straight into the database): ${baseline.toFixed(1)} s, so the whole pipeline takes ${(seconds.total / baseline).toFixed(1)} × the bare insert.

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineLine(machine)}; the benchmark${kind === 'postgres' ? ', the server and PostgreSQL' : ' and the server'} share these cores
- Code: ${machine.commit}
- Database: ${database.description}
- Jiema: \`server/dist/main.js\`, LOG_LEVEL=${options['log-level']}; \`POST /api/admin/phone-imports\` (multipart, RU, no operator), polled every ${options.poll} ms as the page does, then \`POST …/commit\` and polled until \`completed\`; ${done.addedCount} added
- Baseline: a table \`like phone_numbers including all\` in the same database, \`insert … select … from unnest($1::text[])\` in chunks of ${BASELINE_CHUNK.toLocaleString('en-US')} inside one transaction${kind === 'pglite' ? " (PGlite opened in the benchmark process on the server's data directory after the server stopped)" : ''}

${table}`;
  return { valid: true, markdown };
}

/** Seconds to insert `numbers` into a copy of phone_numbers with plain multi-row inserts in one transaction. */
async function insertDirectly(kind, database, numbers, addRecordId) {
  let session;
  if (kind === 'postgres') {
    const pg = await importFromServer('pg');
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    session = {
      query: (text, values) => client.query(text, values),
      close: () => client.end(),
    };
  } else {
    const { PGlite } = await importFromServer('@electric-sql/pglite');
    const lite = await PGlite.create(database.env.DATA_DIR);
    session = { query: (text, values) => lite.query(text, values), close: () => lite.close() };
  }
  try {
    await session.query('create table bench_baseline (like phone_numbers including all)');
    const [{ id: operatorId }] = (
      await session.query(`select id from operators where country_code = 'RU' and code = 'any'`)
    ).rows;
    const started = performance.now();
    await session.query('begin');
    for (let from = 0; from < numbers.length; from += BASELINE_CHUNK) {
      const chunk = numbers.slice(from, from + BASELINE_CHUNK);
      await session.query(
        `insert into bench_baseline (number, country_code, operator_id, prefix, source, add_record_id)
         select n, 'RU', $2, left(n, 5), 'bench', $3 from unnest($1::text[]) as n`,
        [chunk, operatorId, addRecordId],
      );
    }
    await session.query('commit');
    return (performance.now() - started) / 1000;
  } finally {
    await session.close();
  }
}
