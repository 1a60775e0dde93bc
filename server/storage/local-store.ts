import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectStore } from './object-store.js';

/** Objects as files under one folder (DATA_DIR/files), in sub-folders by upload day. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  constructor(private root: string) {}

  private pathOf(name: string) {
    const absolute = path.resolve(this.root, name);
    // Names are ours (a day and a uuid), but a path outside the root is never opened whatever they hold.
    if (!absolute.startsWith(this.root + path.sep)) throw new Error(`object name outside the store: ${name}`);
    return absolute;
  }

  async putFile(name: string, spoolPath: string) {
    const target = this.pathOf(name);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(spoolPath, target);
    } catch (err) {
      // The spool folder on another file system: rename cannot cross it.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(spoolPath, target);
    }
  }

  async copy(source: string, target: string) {
    const from = this.pathOf(source);
    const to = this.pathOf(target);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      // COPYFILE_EXCL: a fresh name never overwrites an object.
      await copyFile(from, to, constants.COPYFILE_EXCL);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !(await stat(from).catch(() => null))) return false;
      throw err;
    }
  }

  async read(name: string, range?: ByteRange): Promise<Readable | null> {
    const absolute = this.pathOf(name);
    if (!(await stat(absolute).catch(() => null))) return null;
    return createReadStream(absolute, range ? { start: range.start, end: range.end } : {});
  }

  async remove(names: string[]) {
    await Promise.all(names.map((n) => rm(this.pathOf(n), { force: true }).catch(() => undefined)));
  }

  async *list() {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isFile()) continue;
      const absolute = path.join(e.parentPath, e.name);
      const info = await stat(absolute).catch(() => null);
      if (info) yield { name: path.relative(this.root, absolute), modified: info.mtime };
    }
  }
}
