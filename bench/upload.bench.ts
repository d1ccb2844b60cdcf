/**
 * Upload benchmark (issue 3), all against the real stack in one run:
 *
 * 1. Multipart upload of a 256 MiB file in 8 MiB parts, 4 in flight, through the real flow (session, register,
 *    sign, PUT to presigned URLs, record ETags, complete: every API call through the gateway) vs. the same bytes
 *    PUT straight to the object store (one multipart upload, same parts, same parallelism, no API). Goal >= 80 %.
 * 2. Derivatives per second for 24-megapixel JPEGs through the worker (finalize -> queue -> download -> derive ->
 *    upload -> ready) vs. the imaging module on the same files in this process (sharp alone, same concurrency).
 *    Goal >= 85 %.
 * 3. Cull photos per second: a cull job over a shoot's ready photos, POST to succeeded (and the cull function
 *    alone on the same features, for reference).
 */
import { benchToken } from './foundation.bench.js';
import os from 'node:os';
import pg from 'pg';
import sharp from 'sharp';
import type { Stack, StackPorts } from '../scripts/lib/stack.js';
import { ObjectStorage } from '../services/upload/src/services/storage.service.js';
import { configureImaging, cull, makeDerivatives, type CullFeatures } from '../services/upload/src/imaging/index.js';
import { makeSyntheticShoot } from '../services/upload/src/imaging/testing/synthetic.js';
import { machineCpuSeconds, processCpuSeconds, ratio } from './lib.js';

const MiB = 1024 * 1024;
const FILE_BYTES = 256 * MiB;
const PART_BYTES = 8 * MiB;
const PARALLEL = 4;
const ROUNDS = 4;
const DERIVATIVE_FILES = 10;
const DERIVATIVE_WARMUP = 2; // through both paths first, untimed: libvips and the worker's code paths warm up
const DERIVATIVE_CONCURRENCY = 3; // the worker's default prefetch (WORKER_DERIVATIVE_PREFETCH)
/** sharp alone is timed at each of these concurrencies and the fastest is the baseline (the imaging ceiling). */
const SHARP_CONCURRENCIES = [2, 3];
const CULL_SCENES = 12; // x 8 photos

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

async function put(url: string, headers: Record<string, string>, body: Buffer): Promise<string> {
  const res = await fetch(url, { method: 'PUT', headers, body: body as unknown as BodyInit });
  if (res.status !== 200) throw new Error(`PUT answered ${res.status}: ${await res.text()}`);
  return res.headers.get('etag')!;
}

const mbps = (bytes: number, ms: number) => Math.round((bytes / MiB / (ms / 1000)) * 10) / 10;

export type UploadBenchPart = 'derivatives' | 'cull' | 'multipart';

export async function uploadBench(
  stack: Stack,
  databaseUrls: Record<string, string>,
  ports: StackPorts,
  sections: UploadBenchPart[] = ['derivatives', 'cull', 'multipart'],
) {
  const { demo, token } = benchToken(stack, databaseUrls.studio!, 'upload-bench');
  const workspaceId = demo.workspace_id as string;
  const call = async (method: string, p: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${stack.baseUrl}${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const shoot = async (title: string) => (await call('POST', '/shoots', { workspace_id: workspaceId, title })).shoot.id as string;
  const storage = new ObjectStorage({
    endpoint: `http://127.0.0.1:${ports.s3}`,
    region: 'us-east-1',
    bucket: 'studio-photos',
    credentials: { accessKeyId: stack.secrets.S3_ACCESS_KEY_ID!, secretAccessKey: stack.secrets.S3_SECRET_ACCESS_KEY! },
    forcePathStyle: true,
  });
  const db = new pg.Client({ connectionString: databaseUrls.upload });
  await db.connect();
  const waitTerminal = async (ids: string[], pollMs = 20) => {
    for (;;) {
      const r = await db.query(`SELECT count(*)::int AS n FROM photos WHERE id = ANY($1::uuid[]) AND state IN ('ready', 'failed')`, [ids]);
      if (r.rows[0].n === ids.length) return;
      await new Promise((res) => setTimeout(res, pollMs));
    }
  };

  try {
    let derivatives: any = null;
    if (sections.includes('derivatives')) {
      // ---- 1. derivatives: worker vs. sharp alone -------------------------------------------------------
      console.log(`\nderivatives of ${DERIVATIVE_FILES} 24-megapixel JPEGs (6000x4000), ${DERIVATIVE_CONCURRENCY} at a time`);
      const jpegs: Buffer[] = [];
      for (let i = 0; i < DERIVATIVE_FILES; i++) {
        const base = await sharp({
          create: {
            width: 1500,
            height: 1000,
            channels: 3,
            background: { r: 90 + i * 10, g: 110, b: 130 },
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .png()
          .toBuffer();
        jpegs.push(
          await sharp(base)
            .resize(6000, 4000, { kernel: 'cubic' })
            .composite([
              {
                input: {
                  create: { width: 6000, height: 4000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 0, sigma: 6 } },
                },
                blend: 'add',
              },
            ])
            .jpeg({ quality: 90 })
            .withExif({ IFD2: { DateTimeOriginal: `2026:06:01 12:00:0${i}` } })
            .toBuffer(),
        );
      }
      const avgMiB = Math.round((jpegs.reduce((a, b) => a + b.length, 0) / jpegs.length / MiB) * 10) / 10;

      configureImaging();
      for (const j of jpegs.slice(0, DERIVATIVE_WARMUP)) await makeDerivatives(j);
      // sharp alone makes the same derivatives and the same cull proxy as the worker (features excluded: they are
      // the worker's own work); its best concurrency is the baseline, so the worker is held to the ceiling.
      let sharpMs = Infinity;
      let sharpCpuPerPhoto = 0;
      for (const concurrency of SHARP_CONCURRENCIES) {
        const cpuBefore = machineCpuSeconds();
        const sharpStarted = performance.now();
        await pool(jpegs, concurrency, async (j) => {
          await makeDerivatives(j);
        });
        const ms = performance.now() - sharpStarted;
        if (ms < sharpMs) {
          sharpMs = ms;
          sharpCpuPerPhoto = ((machineCpuSeconds() - cpuBefore) * 1000) / DERIVATIVE_FILES;
        }
      }

      const derivShoot = await shoot('Derivative bench');
      const warm: string[] = [];
      for (const [i, j] of jpegs.slice(0, DERIVATIVE_WARMUP).entries()) {
        const c = await call('POST', '/photos', {
          shoot_id: derivShoot,
          file_name: `warm-${i}.jpg`,
          content_type: 'image/jpeg',
          size: j.length,
        });
        await put(c.upload.url, c.upload.headers, j);
        await call('POST', `/photos/${c.photo.id}/finalize`);
        warm.push(c.photo.id);
      }
      await waitTerminal(warm);
      const pending: string[] = [];
      for (const [i, j] of jpegs.entries()) {
        const c = await call('POST', '/photos', {
          shoot_id: derivShoot,
          file_name: `24mp-${i}.jpg`,
          content_type: 'image/jpeg',
          size: j.length,
        });
        await put(c.upload.url, c.upload.headers, j);
        pending.push(c.photo.id);
      }
      const cpuProcesses = ['upload-worker', 's3', 'upload', 'gateway', 'studio'] as const;
      const processCpu = () => Object.fromEntries(cpuProcesses.map((n) => [n, processCpuSeconds(stack.processes.get(n)?.child.pid)]));
      const machineBefore = machineCpuSeconds();
      const processesBefore = processCpu();
      const workerStarted = performance.now();
      await Promise.all(pending.map((id) => call('POST', `/photos/${id}/finalize`)));
      for (;;) {
        const r = await db.query(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM photos WHERE id = ANY($1::uuid[]) AND state IN ('ready', 'failed')`,
          [pending],
        );
        if (r.rows[0].failed > 0) throw new Error('a 24 MP photo failed in the worker');
        if (r.rows[0].n === pending.length) break;
        await new Promise((res) => setTimeout(res, 20));
      }
      const workerMs = performance.now() - workerStarted;
      const perPhoto = (seconds: number) => Math.round((seconds * 1000) / DERIVATIVE_FILES);
      const processesAfter = processCpu();
      const workerCpu: Record<string, number> = { machine: perPhoto(machineCpuSeconds() - machineBefore) };
      for (const n of cpuProcesses) workerCpu[n] = perPhoto(processesAfter[n]! - processesBefore[n]!);
      derivatives = {
        files: DERIVATIVE_FILES,
        megapixels: 24,
        avg_file_mib: avgMiB,
        concurrency: DERIVATIVE_CONCURRENCY,
        sharp_alone_photos_s: Math.round((DERIVATIVE_FILES / (sharpMs / 1000)) * 100) / 100,
        worker_photos_s: Math.round((DERIVATIVE_FILES / (workerMs / 1000)) * 100) / 100,
        worker_vs_sharp: ratio(sharpMs, workerMs),
        cpu_ms_per_photo: { sharp_alone_machine: Math.round(sharpCpuPerPhoto), worker: workerCpu },
        // Both runs keep the 2 cores busy, so the ratio is the ratio of machine CPU per photo. What the rest of
        // the stack spends per photo on this same machine (object store, API, database, broker, consumers) bounds
        // it even for a worker that cost nothing beyond sharp: sharp / (sharp + rest).
        ceiling_with_the_stack_on_this_machine: ratio(
          sharpCpuPerPhoto,
          sharpCpuPerPhoto + Math.max(0, workerCpu.machine! - workerCpu['upload-worker']!),
        ),
        // The worker process's own CPU per photo against sharp's: its efficiency on a core of its own.
        worker_process_cpu_vs_sharp: ratio(sharpCpuPerPhoto, workerCpu['upload-worker']!),
      };
      console.log(`  sharp alone (imaging module, in process)   ${derivatives.sharp_alone_photos_s} photos/s`);
      console.log(`  through the worker (queue, S3, database)   ${derivatives.worker_photos_s} photos/s`);
      console.log(`  worker / sharp                             ${derivatives.worker_vs_sharp}  goal >= 0.85`);
      console.log(
        `  ceiling set by the rest of the stack on these cores  ${derivatives.ceiling_with_the_stack_on_this_machine};  worker process CPU / sharp CPU ${derivatives.worker_process_cpu_vs_sharp}`,
      );
      console.log(
        `  CPU ms per photo: sharp alone ${Math.round(sharpCpuPerPhoto)} (whole machine); worker run ${Object.entries(workerCpu)
          .map(([n, v]) => `${n} ${v}`)
          .join(', ')}`,
      );
    }

    let cullResult: any = null;
    if (sections.includes('cull')) {
      // ---- 2. cull ----------------------------------------------------------------------------------------
      const synthetic = await makeSyntheticShoot({ scenes: CULL_SCENES, width: 1200, height: 800, seed: 5 });
      console.log(`\ncull of ${synthetic.length} photos (1200x800)`);
      const cullShoot = await shoot('Cull bench');
      const ids: string[] = [];
      for (const p of synthetic) {
        const c = await call('POST', '/photos', {
          shoot_id: cullShoot,
          file_name: `${p.id}.jpg`,
          content_type: 'image/jpeg',
          size: p.jpeg.length,
        });
        await put(c.upload.url, c.upload.headers, p.jpeg);
        await call('POST', `/photos/${c.photo.id}/finalize`);
        ids.push(c.photo.id);
      }
      for (;;) {
        const r = await db.query(`SELECT count(*)::int AS n FROM photos WHERE id = ANY($1::uuid[]) AND state IN ('ready', 'failed')`, [
          ids,
        ]);
        if (r.rows[0].n === ids.length) break;
        await new Promise((res) => setTimeout(res, 50));
      }
      const cullStarted = performance.now();
      const job = (await call('POST', '/ai/cull-jobs', { shoot_id: cullShoot })).job;
      for (;;) {
        const r = await db.query(`SELECT state FROM ai_jobs WHERE id = $1`, [job.id]);
        if (r.rows[0].state === 'failed') throw new Error('cull job failed');
        if (r.rows[0].state === 'succeeded') break;
        await new Promise((res) => setTimeout(res, 10));
      }
      const jobMs = performance.now() - cullStarted;
      const rows = await db.query(`SELECT id, capture_time, features FROM photos WHERE id = ANY($1::uuid[]) AND state = 'ready'`, [ids]);
      const inputs = rows.rows.map((r) => ({
        id: r.id as string,
        captureTime: r.capture_time as Date | null,
        features: r.features as CullFeatures,
      }));
      const fnStarted = performance.now();
      const fnRounds = 20;
      for (let i = 0; i < fnRounds; i++) cull(inputs, 'medium');
      const fnMs = (performance.now() - fnStarted) / fnRounds;
      cullResult = {
        photos: ids.length,
        job_ms: Math.round(jobMs),
        job_photos_s: Math.round(ids.length / (jobMs / 1000)),
        cull_function_photos_s: Math.round(inputs.length / (fnMs / 1000)),
      };
      console.log(
        `  cull job (POST -> succeeded, through queue and worker)   ${cullResult.job_photos_s} photos/s (${cullResult.job_ms} ms)`,
      );
      console.log(`  cull function alone (features already computed)          ${cullResult.cull_function_photos_s} photos/s`);
    }

    let multipart: any = null;
    if (sections.includes('multipart')) {
      // ---- 3. multipart (last: it is the most memory-hungry part): real flow vs. straight to the store --------------------------------------------
      console.log(`\nmultipart upload: ${FILE_BYTES / MiB} MiB in ${PART_BYTES / MiB} MiB parts, ${PARALLEL} in flight`);
      const file = Buffer.alloc(FILE_BYTES);
      for (let i = 0; i < FILE_BYTES; i += 4) file.writeUInt32LE((i * 2654435761) >>> 0, i);
      const partCount = FILE_BYTES / PART_BYTES;
      const parts = Array.from({ length: partCount }, (_, i) => i + 1);
      const slice = (n: number) => file.subarray((n - 1) * PART_BYTES, n * PART_BYTES);
      const uploadShoot = await shoot('Upload bench');

      const direct = async (): Promise<number> => {
        const key = `bench/direct-${Date.now()}`;
        const started = performance.now();
        const uploadId = await storage.createMultipartUpload(key, 'image/jpeg');
        const etags: string[] = [];
        await pool(parts, PARALLEL, async (n) => {
          const u = await storage.presignUploadPart(key, uploadId, n, PART_BYTES, 3600);
          etags[n - 1] = await put(u.url, u.headers, slice(n));
        });
        await storage.completeMultipartUpload(
          key,
          uploadId,
          parts.map((n) => ({ partNumber: n, etag: etags[n - 1]! })),
        );
        const ms = performance.now() - started;
        await storage.delete(key);
        return ms;
      };
      const flow = async (): Promise<number> => {
        const started = performance.now();
        const session = (await call('POST', '/upload-sessions', { shoot_id: uploadShoot })).session.id;
        const f = (
          await call('POST', `/upload-sessions/${session}/files`, {
            file_name: 'big.jpg',
            size: FILE_BYTES,
            content_type: 'image/jpeg',
            part_size: PART_BYTES,
          })
        ).files[0];
        // Sign in batches of PARALLEL so URL signing overlaps the uploads like a real client does.
        const batches: number[][] = [];
        for (let i = 0; i < parts.length; i += PARALLEL) batches.push(parts.slice(i, i + PARALLEL));
        const urls = new Map<number, { url: string; headers: Record<string, string> }>();
        await pool(parts, PARALLEL, async (n) => {
          if (!urls.has(n)) {
            const batch = batches.find((b) => b.includes(n))!;
            const signed = (await call('POST', `/upload-sessions/${session}/files/${f.id}/parts/sign`, { part_numbers: batch })).parts;
            for (const s of signed) urls.set(s.part_number, s);
          }
          const u = urls.get(n)!;
          const etag = await put(u.url, u.headers, slice(n));
          await call('POST', `/upload-sessions/${session}/files/${f.id}/parts/complete`, { part_number: n, etag });
        });
        const done = await call('POST', `/upload-sessions/${session}/files/${f.id}/complete`);
        await call('POST', `/upload-sessions/${session}/finalize`);
        const ms = performance.now() - started;
        // Untimed: let the worker finish with the photo (these bytes are not an image: it ends failed) so it does
        // not compete with the next measurement, then keep the store small.
        await waitTerminal([done.photo.id]);
        await storage.delete(`ws/${workspaceId}/photos/${done.photo.id}/original`).catch(() => undefined);
        return ms;
      };
      await direct(); // warm-up
      await flow();
      const directMs: number[] = [];
      const flowMs: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        directMs.push(await direct());
        flowMs.push(await flow());
      }
      const best = (xs: number[]) => Math.min(...xs);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      multipart = {
        file_mib: FILE_BYTES / MiB,
        part_mib: PART_BYTES / MiB,
        parallel: PARALLEL,
        rounds: ROUNDS,
        direct_ms: directMs.map(Math.round),
        flow_ms: flowMs.map(Math.round),
        direct_mib_s_median: mbps(FILE_BYTES, median(directMs)),
        flow_mib_s_median: mbps(FILE_BYTES, median(flowMs)),
        flow_vs_direct_median: ratio(median(directMs), median(flowMs)),
        flow_vs_direct_best: ratio(best(directMs), best(flowMs)),
      };
      console.log(`  straight to the store   median ${multipart.direct_mib_s_median} MiB/s  (${multipart.direct_ms.join(', ')} ms)`);
      console.log(`  through the real flow   median ${multipart.flow_mib_s_median} MiB/s  (${multipart.flow_ms.join(', ')} ms)`);
      console.log(
        `  flow / direct           ${multipart.flow_vs_direct_median} (median), ${multipart.flow_vs_direct_best} (best)  goal >= 0.8`,
      );
    }

    const summary = {
      multipart_flow_vs_direct: multipart?.flow_vs_direct_median ?? null,
      derivatives_worker_vs_sharp: derivatives?.worker_vs_sharp ?? null,
      cull_job_photos_per_second: cullResult?.job_photos_s ?? null,
      goals: {
        multipart_at_least_80_percent_of_direct: multipart ? multipart.flow_vs_direct_median >= 0.8 : null,
        derivatives_at_least_85_percent_of_sharp: derivatives ? derivatives.worker_vs_sharp >= 0.85 : null,
      },
    };
    console.log('\n  upload ratios:', JSON.stringify(summary, null, 2).replace(/\n/g, '\n  '));
    return { machine_cpus: os.cpus().length, multipart, derivatives, cull: cullResult, summary };
  } finally {
    storage.destroy();
    await db.end();
  }
}
