import { describe, expect, it } from '@jest/globals';
import { KeyedMutex, type Batch } from './keyed-mutex';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedMutex', () => {
  it('runs tasks of one key in order, one at a time, even when one fails', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await tick(ms);
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      sut.run('a', task('1', 15, true)),
      sut.run('a', task('2', 1)),
      sut.run('a', task('3', 1)),
    ]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });

  it('runs different keys concurrently', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    await Promise.all(
      ['a', 'b'].map((key) =>
        sut.run(key, async () => {
          log.push(`start ${key}`);
          await tick(10);
          log.push(`end ${key}`);
        }),
      ),
    );
    expect(log.slice(0, 2).sort()).toEqual(['start a', 'start b']);
  });

  it('hands over together the items of one batch key that piled up while the key was busy, in order', async () => {
    const sut = new KeyedMutex();
    const handed: string[][] = [];
    const doubling: Batch<string, string> = {
      key: 'double',
      process: async (items) => {
        handed.push([...items]);
        await tick(5);
        return items.map((item) =>
          item === 'bad' ? { ok: false, error: new Error(item) } : { ok: true, value: item + item },
        );
      },
    };
    const other: Batch<string, string> = { ...doubling, key: 'other' };
    const results = await Promise.allSettled([
      sut.join('a', doubling, 'x'),
      sut.join('a', doubling, 'y'),
      sut.join('a', doubling, 'bad'),
      sut.join('a', doubling, 'z'),
      sut.run('a', async () => 'task'),
      sut.join('a', doubling, 'after'),
      sut.join('a', other, 'o'),
      sut.join('b', doubling, 'elsewhere'),
    ]);
    // The first is alone (the key was free); the next three piled up behind it; a task or another key ends a batch.
    expect(handed).toEqual([['x'], ['elsewhere'], ['y', 'bad', 'z'], ['after'], ['o']]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'xx',
      'yy',
      'bad',
      'zz',
      'task',
      'afterafter',
      'oo',
      'elsewhereelsewhere',
    ]);
  });

  it('answers every item of a batch with the error when the batch throws, and carries on', async () => {
    const sut = new KeyedMutex();
    const failing: Batch<number, number> = {
      key: 'fails',
      process: async () => {
        await tick(1);
        throw new Error('down');
      },
    };
    const results = await Promise.allSettled([
      sut.join('a', failing, 1),
      sut.join('a', failing, 2),
      sut.run('a', async () => 3),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });
});
