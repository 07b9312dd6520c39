/**
 * Ctrl-C (SIGINT) and SIGTERM run `stop` once — flushing data — and then end the process; a second
 * signal while stopping is ignored so a flush is never cut short.
 */
export function stopOnSignals(stop: () => Promise<void>, failureLabel: string): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`${failureLabel}:`, error);
          process.exit(1);
        },
      );
    });
  }
}
