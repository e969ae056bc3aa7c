import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * A backup file is a plain POSIX tar (ustar) archive, so that `tar -tvf` lists
 * it and `tar -xf` unpacks it without this program: `pharmacy.dump` (pg_dump's
 * custom format) and `manifest.json` (what it holds, with the dump's size and
 * SHA-256). Only what a backup needs is written and read: regular files, names
 * under 100 bytes; sizes of 8 GiB and more in GNU's base-256 form.
 */

const BLOCK = 512;
const OCTAL_SIZE_LIMIT = 8 ** 11;

export interface ArchiveMember {
  name: string;
  /** Where the member's bytes start in the archive file. */
  offset: number;
  size: number;
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** A ustar header of a regular file (exported for its test). */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) >= 100) throw new Error(`Archive member name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, 100, 8, 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (size < OCTAL_SIZE_LIMIT) writeOctal(header, 124, 12, size);
  else {
    // GNU base-256: the high bit of the first byte set, the size big-endian in the rest.
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(size), 128);
  }
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.fill(' ', 148, 156);
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write('pharmacy', 265, 'ascii');
  header.write('pharmacy', 297, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes an archive member by member; `finish` completes it, `abort` removes the file. */
export class ArchiveWriter {
  private position = 0;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  /** Creates the file (readable by its owner only: a backup holds password hashes); refuses an existing one. */
  static async create(path: string): Promise<ArchiveWriter> {
    return new ArchiveWriter(path, await open(path, 'wx', 0o600));
  }

  private async write(data: Buffer): Promise<void> {
    let done = 0;
    while (done < data.length) {
      const { bytesWritten } = await this.handle.write(data, done, data.length - done, this.position);
      done += bytesWritten;
      this.position += bytesWritten;
    }
  }

  async addFile(name: string, data: Buffer): Promise<void> {
    await this.write(tarHeader(name, data.length, new Date()));
    await this.write(data);
    await this.write(Buffer.alloc(padding(data.length)));
  }

  /** Copies a stream in as one member (its header is written once its size is known); returns its size and SHA-256. */
  async addStream(
    name: string,
    stream: Readable,
    onBytes?: (bytes: number) => void,
  ): Promise<{ bytes: number; sha256: string }> {
    const headerAt = this.position;
    await this.write(Buffer.alloc(BLOCK));
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of stream) {
      const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      hash.update(data);
      await this.write(data);
      bytes += data.length;
      onBytes?.(bytes);
    }
    await this.write(Buffer.alloc(padding(bytes)));
    await this.handle.write(tarHeader(name, bytes, new Date()), 0, BLOCK, headerAt);
    return { bytes, sha256: hash.digest('hex') };
  }

  /** The two empty blocks that end a tar archive; flushed to disk. Returns the archive's size. */
  async finish(): Promise<number> {
    await this.write(Buffer.alloc(2 * BLOCK));
    await this.handle.sync();
    await this.handle.close();
    return this.position;
  }

  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .toString('ascii', offset, offset + length)
    .replace(/[\0 ]+$/g, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('not an octal number');
  return text === '' ? 0 : parseInt(text, 8);
}

/** The members of an archive, by name. Throws when the file is not a tar archive or is cut short. */
export async function readArchive(path: string): Promise<Map<string, ArchiveMember>> {
  const handle = await open(path, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const members = new Map<string, ArchiveMember>();
    const header = Buffer.alloc(BLOCK);
    for (let at = 0; ;) {
      const { bytesRead } = await handle.read(header, 0, BLOCK, at);
      if (bytesRead < BLOCK) throw new Error(`${path} is cut short: it ends inside the archive's index`);
      if (header.every((byte) => byte === 0)) break;
      let stored: number;
      try {
        stored = readOctal(header, 148, 8);
      } catch {
        throw new Error(`${path} is not a backup archive (no tar header at byte ${at})`);
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : header[i]!;
      if (sum !== stored) throw new Error(`${path} is not a backup archive, or is damaged (bad header at byte ${at})`);
      const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = header[124]! & 0x80 ? Number(header.readBigUInt64BE(128)) : readOctal(header, 124, 12);
      const offset = at + BLOCK;
      if (offset + size > fileSize) throw new Error(`${path} is cut short: ${name} should hold ${size} bytes`);
      members.set(name, { name, offset, size });
      at = offset + size + padding(size);
    }
    return members;
  } finally {
    await handle.close();
  }
}

/** A member's bytes as a stream. */
export function memberStream(path: string, member: ArchiveMember): Readable {
  if (member.size === 0) return Readable.from([]);
  return createReadStream(path, { start: member.offset, end: member.offset + member.size - 1 });
}

/** A (small) member's bytes. */
export async function readMember(path: string, member: ArchiveMember): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const data = Buffer.alloc(member.size);
    await handle.read(data, 0, member.size, member.offset);
    return data;
  } finally {
    await handle.close();
  }
}

/** SHA-256 of a member, read through once. */
export async function memberSha256(path: string, member: ArchiveMember): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of memberStream(path, member)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
