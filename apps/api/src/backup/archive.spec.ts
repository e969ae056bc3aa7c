import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, open, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ArchiveWriter, memberSha256, memberStream, readArchive, readMember, tarHeader } from './archive';

/** The backup archive is a tar that GNU tar reads, and that this reader reads back. */
describe('backup archive', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pharmacy-archive-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const tarList = (file: string) => spawnSync('tar', ['-tvf', file], { encoding: 'utf8' });

  it('writes members that tar lists and unpacks, and reads them back with their size and SHA-256', async () => {
    const file = join(dir, 'a.tar');
    const dump = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const writer = await ArchiveWriter.create(file);
    const copied = await writer.addStream(
      'pharmacy.dump',
      Readable.from([dump.subarray(0, 1000), dump.subarray(1000)]),
    );
    await writer.addFile('manifest.json', Buffer.from('{"a":1}\n'));
    const size = await writer.finish();
    expect(copied).toEqual({ bytes: dump.length, sha256: createHash('sha256').update(dump).digest('hex') });

    const members = await readArchive(file);
    expect([...members.keys()]).toEqual(['pharmacy.dump', 'manifest.json']);
    expect(size % 512).toBe(0);
    expect((await readMember(file, members.get('manifest.json')!)).toString()).toBe('{"a":1}\n');
    const chunks: Buffer[] = [];
    for await (const chunk of memberStream(file, members.get('pharmacy.dump')!)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(dump)).toBe(true);
    expect(await memberSha256(file, members.get('pharmacy.dump')!)).toBe(copied.sha256);

    const listed = tarList(file);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^-rw------- .* 70000 .* pharmacy\.dump$/m);
    const unpacked = spawnSync('tar', ['-xOf', file, 'manifest.json'], { encoding: 'utf8' });
    expect(unpacked.stdout).toBe('{"a":1}\n');
  });

  it('writes sizes of 8 GiB and more in the base-256 form tar reads', async () => {
    const file = join(dir, 'big.tar');
    const size = 9 * 2 ** 30 + 5;
    const handle = await open(file, 'w');
    await handle.write(tarHeader('pharmacy.dump', size, new Date()), 0, 512, 0);
    await handle.close();
    // Sparse: the member's bytes are holes.
    await truncate(file, 512 + Math.ceil(size / 512) * 512 + 1024);
    expect((await readArchive(file)).get('pharmacy.dump')).toEqual({ name: 'pharmacy.dump', offset: 512, size });
    expect(tarList(file).stdout).toContain(` ${size} `);
  });

  it('refuses what is not an archive, and an archive cut short', async () => {
    const text = join(dir, 'text.tar');
    await writeFile(text, 'x'.repeat(2048));
    await expect(readArchive(text)).rejects.toThrow(/is not a backup archive/);
    const cut = join(dir, 'cut.tar');
    const writer = await ArchiveWriter.create(cut);
    await writer.addFile('pharmacy.dump', Buffer.alloc(5000, 1));
    await writer.finish();
    await truncate(cut, 3000);
    await expect(readArchive(cut)).rejects.toThrow(/is cut short: pharmacy\.dump should hold 5000 bytes/);
    await expect(ArchiveWriter.create(cut)).rejects.toThrow(/EEXIST/);
  });
});
