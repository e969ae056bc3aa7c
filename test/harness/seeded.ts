/**
 * A seeded source of numbers in [0, 1) for tests that make many random writes
 * or periods: the same seed gives the same run, so a failure can be replayed
 * (a linear congruential generator; statistical quality does not matter here).
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
