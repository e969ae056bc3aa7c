import { describe, expect, it } from '@jest/globals';
import { KeyedMutex } from './keyed-mutex';

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
});
