import pg from 'pg';
import { corpusGenerator } from './search-data.js';
const gen = corpusGenerator(1);
let t = Date.now();
const docs = Array.from({ length: 2000 }, () => gen.document('019cdffd-c3cd-4f53-a560-21bc792448c5'));
console.log('gen', Date.now() - t);
const c = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/search_lab' });
await c.connect();
for (let k = 0; k < 3; k++) {
t = Date.now();
await c.query(
    `INSERT INTO search_documents (workspace_id, doc_type, doc_id, title, fields, tsv_p, tsv_a, version, sort_key)
     SELECT w, t, gen_random_uuid(), ti, f, p, a, v, (extract(epoch from v) * 1000)::bigint
       FROM unnest($1::uuid[], $2::doc_type[], $3::uuid[], $4::text[], $5::jsonb[], $6::tsvector[], $7::tsvector[], $8::timestamptz[])
         AS u(w, t, i, ti, f, p, a, v)`,
    [
      docs.map((d) => d.workspaceId),
      docs.map((d) => d.type),
      docs.map((d) => d.id),
      docs.map((d) => d.title),
      docs.map((d) => JSON.stringify(d.fields)),
      docs.map((d) => d.primary),
      docs.map((d) => d.all),
      docs.map((d) => d.updatedAt.toISOString()),
    ],
  );
console.log('insert', Date.now() - t);
}
await c.end();
