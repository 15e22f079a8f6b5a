import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated images live; local disk today, an object store could implement the same. */
export type Storage = {
  /** Stores the bytes under `name` and returns the public URL (/uploads/<name>). */
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes behind a URL that put() returned, or null when it is not ours or is gone. */
  read(url: string): Promise<Buffer | null>;
  /** Deletes the file behind a URL that put() returned; anything else (or a file already gone) is ignored. */
  remove(url: string): Promise<void>;
};

export const UPLOADS_URL_PREFIX = "/uploads/";

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Files under DATA_DIR/uploads, served by app.ts at /uploads with long cache headers (names are never reused). */
export function createLocalStorage(dataDir: string): Storage {
  const dir = uploadsDir(dataDir);
  return {
    async put(name, bytes, _contentType) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe upload name: ${name}`);
      await mkdir(dir, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const target = path.join(dir, name);
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
    async read(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
      const name = url.slice(UPLOADS_URL_PREFIX.length);
      if (!SAFE_NAME.test(name)) return null;
      try {
        return await readFile(path.join(dir, name));
      } catch {
        return null;
      }
    },
    async remove(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
      const name = url.slice(UPLOADS_URL_PREFIX.length);
      if (!SAFE_NAME.test(name)) return;
      await rm(path.join(dir, name), { force: true });
    },
  };
}
