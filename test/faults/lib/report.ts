/** One line of the suite's report (what it killed, what it checked), printed as it happens. */
export function say(line: string): void {
  process.stdout.write(`[faults] ${line}\n`);
}

/** Milliseconds as seconds for a report: `1.8 s`. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Fails with every problem listed (and says it first), or says that the check passed. */
export function check(passed: string, problems: string[]): void {
  if (problems.length > 0) {
    say(
      `  FAILED: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? ` (and ${problems.length - 10} more)` : ''}`,
    );
    throw new Error(problems.join('\n'));
  }
  say(`  ${passed}`);
}
