import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ByteRange, ObjectStore } from './object-store.js';
import { isStoreUnreachable, StorageUnavailableError } from './storage-errors.js';

export interface S3Settings {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style addresses (http://host/bucket/key), which MinIO, s3rver and most non-AWS stores need. */
  forcePathStyle: boolean;
  /** A folder inside the bucket, so one bucket can hold several installations. */
  prefix: string;
}

/**
 * A store that is down must fail a request in seconds, not hold it for the SDK's defaults (no
 * connection timeout, three attempts): 3 s to connect, 15 s of silence on an open connection (an
 * idle limit, so a large upload that keeps moving is never cut), and one retry.
 */
const CONNECT_TIMEOUT_MS = 3_000;
const SOCKET_IDLE_TIMEOUT_MS = 15_000;
const MAX_ATTEMPTS = 2;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...). */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  private client: S3Client;

  constructor(private settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: SOCKET_IDLE_TIMEOUT_MS },
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: by default the SDK sends bodies aws-chunked with a
      // trailing checksum, which many S3-compatible stores (s3rver, older MinIO, Ceph) store as is.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  /** Every call goes through here, so an unreachable store is one error whatever the call. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isStoreUnreachable(err)) throw new StorageUnavailableError(err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  private key(name: string) {
    return `${this.settings.prefix}${name}`;
  }

  async putFile(name: string, spoolPath: string, meta: { contentType: string; length: number }) {
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(name),
          Body: createReadStream(spoolPath),
          ContentLength: meta.length,
          ContentType: meta.contentType,
        }),
      ),
    );
  }

  async copy(source: string, target: string) {
    try {
      await this.call(() =>
        this.client.send(
          new CopyObjectCommand({
            Bucket: this.settings.bucket,
            Key: this.key(target),
            // The source as bucket/key, each path segment URL-encoded.
            CopySource: `${this.settings.bucket}/${this.key(source).split('/').map(encodeURIComponent).join('/')}`,
          }),
        ),
      );
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async read(name: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const out = await this.call(() =>
        this.client.send(
          new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        ),
      );
      return (out.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(names: string[]) {
    // At most 1,000 keys per DeleteObjects call.
    for (let i = 0; i < names.length; i += 1000) {
      const batch = names.slice(i, i + 1000);
      await this.call(() =>
        this.client.send(
          new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: batch.map((n) => ({ Key: this.key(n) })), Quiet: true } }),
        ),
      );
    }
  }

  async *list() {
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix || undefined, ContinuationToken: token }),
        ),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { name: o.Key.slice(this.settings.prefix.length), modified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  destroy() {
    this.client.destroy();
  }
}
