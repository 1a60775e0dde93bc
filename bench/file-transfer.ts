// Upload and download of one large file through the real server, beside a plain streamed disk copy
// of the same file in the same run (each figure the median of TRANSFER_ROUNDS rounds), with the
// server's resident memory sampled all along.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { median } from './measure.js';

export const TRANSFER_MB = 200;
/** Each figure is the median of this many rounds (copy, upload, download): one round on a shared disk varied 2×. */
export const TRANSFER_ROUNDS = 3;

export interface TransferResult {
  megabytes: number;
  /** MB/s of a streamed copy from one file to another on the same disk: the ceiling. */
  diskCopyMBps: number;
  uploadMBps: number;
  downloadMBps: number;
  uploadRatioToDisk: number;
  downloadRatioToDisk: number;
  /** The server's resident memory in MB: before, and at its highest during each transfer. */
  rssMb: { before: number; peakUpload: number; peakDownload: number };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return round(kb / 1024, 1);
}

/** Samples the process's RSS every 50 ms while `work` runs; answers its result and the highest sample. */
async function whileSampling<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = await rssMb(pid);
  const timer = setInterval(() => void rssMb(pid).then((mb) => (peak = Math.max(peak, mb))), 50);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, await rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function writeRandomFile(file: string, megabytes: number) {
  const out = createWriteStream(file);
  for (let i = 0; i < megabytes; i++) {
    if (!out.write(randomBytes(1024 * 1024))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/** Writes back what earlier steps left dirty, so each step starts from the same disk state (else the
 * copy measured first runs into a clean page cache and later steps pay for its writeback). */
const settle = () => execFileSync('sync');

/** POST /filesNew with the file streamed from disk in a multipart body (folderId first, then the file). */
function upload(baseUrl: string, token: string, folderId: number, file: string, length: number): Promise<{ status: number; body: string }> {
  const boundary = `----fieldworkbench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n${folderId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${baseUrl}/api/v1/filesNew`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + length + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const source = createReadStream(file);
    source.on('error', reject);
    source.pipe(req, { end: false });
    source.on('end', () => req.end(tail));
  });
}

/** Reads the whole answer, counting bytes and keeping none. */
async function download(url: string): Promise<number> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`download answered ${res.status}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
  return bytes;
}

export async function benchFileTransfer(opts: { baseUrl: string; token: string; serverPid: number }): Promise<TransferResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldwork-transfer-'));
  try {
    const source = path.join(dir, 'source.bin');
    await writeRandomFile(source, TRANSFER_MB);
    const { size } = await stat(source);
    const megabytes = size / 1024 / 1024;

    const root = await fetch(`${opts.baseUrl}/api/v1/folders/root`, { headers: { authorization: `Bearer ${opts.token}` } });
    if (!root.ok) throw new Error(`GET /folders/root answered ${root.status}: ${(await root.text()).slice(0, 200)}`);
    const folderId = ((await root.json()) as { folder: { id: number } }).folder.id;

    const before = await rssMb(opts.serverPid);
    const rounds = { disk: [] as number[], upload: [] as number[], download: [] as number[], peakUpload: before, peakDownload: before };
    for (let i = 0; i < TRANSFER_ROUNDS; i++) {
      settle();
      let started = process.hrtime.bigint();
      await pipeline(createReadStream(source), createWriteStream(path.join(dir, 'copy.bin')));
      rounds.disk.push(seconds(started));
      await rm(path.join(dir, 'copy.bin'));

      settle();
      started = process.hrtime.bigint();
      const sent = await whileSampling(opts.serverPid, () => upload(opts.baseUrl, opts.token, folderId, source, size));
      rounds.upload.push(seconds(started));
      if (sent.value.status !== 201) throw new Error(`upload answered ${sent.value.status}: ${sent.value.body.slice(0, 300)}`);
      const stored = (JSON.parse(sent.value.body) as { files: Array<{ length: number; downloadUrl: string }> }).files[0];
      if (!stored || stored.length !== size) throw new Error(`the upload stored ${stored?.length ?? 'nothing'} of ${size} bytes`);

      settle();
      started = process.hrtime.bigint();
      const got = await whileSampling(opts.serverPid, () => download(`${opts.baseUrl}${stored.downloadUrl}`));
      rounds.download.push(seconds(started));
      if (got.value !== size) throw new Error(`the download gave ${got.value} of ${size} bytes`);
      rounds.peakUpload = Math.max(rounds.peakUpload, sent.peak);
      rounds.peakDownload = Math.max(rounds.peakDownload, got.peak);
    }
    const diskCopyMBps = megabytes / median(rounds.disk);
    const uploadSeconds = median(rounds.upload);
    const downloadSeconds = median(rounds.download);

    const uploadMBps = megabytes / uploadSeconds;
    const downloadMBps = megabytes / downloadSeconds;
    return {
      megabytes: round(megabytes, 0),
      diskCopyMBps: round(diskCopyMBps, 0),
      uploadMBps: round(uploadMBps, 0),
      downloadMBps: round(downloadMBps, 0),
      uploadRatioToDisk: round(uploadMBps / diskCopyMBps),
      downloadRatioToDisk: round(downloadMBps / diskCopyMBps),
      rssMb: { before, peakUpload: rounds.peakUpload, peakDownload: rounds.peakDownload },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
