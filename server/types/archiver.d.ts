// The part of archiver's API the company export uses (archiver 5 ships no types).
declare module 'archiver' {
  import type { Readable } from 'node:stream';

  export interface EntryData {
    name: string;
    date?: Date;
    /** Kept as is, not deflated: bytes that are compressed already. */
    store?: boolean;
  }

  export interface Archiver extends Readable {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
    on(event: 'entry', listener: (entry: EntryData) => void): this;
    on(event: 'error' | 'warning', listener: (err: Error) => void): this;
    on(event: string, listener: (...args: any[]) => void): this;
    off(event: string, listener: (...args: any[]) => void): this;
  }

  export default function archiver(format: 'zip', options?: { zlib?: { level?: number }; forceZip64?: boolean }): Archiver;
}
