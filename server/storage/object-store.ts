import type { Readable } from 'node:stream';

/** Inclusive byte positions, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live: the data folder by default, an S3-compatible object store when configured,
 * so several server processes can share them. Objects are written once under a fresh name and never
 * changed; replacing a file writes a new object.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Moves a finished spool file (a local temporary file of `length` bytes) into the store under `name`. */
  putFile(name: string, spoolPath: string, meta: { contentType: string; length: number }): Promise<void>;
  /**
   * Writes a copy of object `source` under the fresh name `target`, inside the store (no bytes through
   * this process on S3); false when there is no such source. Two rows never share an object: releasing
   * one removes its bytes.
   */
  copy(source: string, target: string): Promise<boolean>;
  /** The whole object or one range of it, streamed; null when there is no such object. */
  read(name: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes objects; names that are not there are no error. */
  remove(names: string[]): Promise<void>;
  /** Every object with its last change, for the orphan sweep. */
  list(): AsyncIterable<{ name: string; modified: Date }>;
}

/** The store the configuration names: S3 when a bucket is set, else the data folder's `files/`. */
export async function openObjectStore(config: { dataDir: string; storage: { kind: 'local' } | { kind: 's3'; s3: import('./s3-store.js').S3Settings } }): Promise<ObjectStore & { destroy?(): void }> {
  if (config.storage.kind === 's3') {
    const { S3ObjectStore } = await import('./s3-store.js');
    return new S3ObjectStore(config.storage.s3);
  }
  const { LocalObjectStore } = await import('./local-store.js');
  const path = await import('node:path');
  return new LocalObjectStore(path.join(config.dataDir, 'files'));
}
