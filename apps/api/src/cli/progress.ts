import { Presets, SingleBar } from 'cli-progress';

/** A progress bar over a replay of the log: how far, how many events, events/s, time left. */
export function replayProgressBar(label: string): {
  update(progress: { processed: number; fraction: number }): void;
  stop(): void;
} {
  const started = Date.now();
  const bar = new SingleBar(
    {
      format: `${label.padEnd(12)} [{bar}] {percentage}% | {events} events | {rate} events/s | {eta_formatted} left`,
      hideCursor: true,
      etaBuffer: 50,
    },
    Presets.shades_classic,
  );
  bar.start(1000, 0, { events: 0, rate: 0 });
  return {
    update({ processed, fraction }) {
      const seconds = (Date.now() - started) / 1000;
      bar.update(Math.round(fraction * 1000), {
        events: processed,
        rate: seconds > 0 ? Math.round(processed / seconds) : processed,
      });
    },
    stop() {
      bar.stop();
    },
  };
}

/** 1.23 MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}
