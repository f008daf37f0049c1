// Runs a sync every N minutes (0 = only on demand). The timer never keeps the app from quitting.

export class SyncSchedule {
  private timer: ReturnType<typeof setInterval> | null = null;
  private currentMinutes = 0;

  constructor(
    private readonly tick: () => void,
    /** Length of a minute; tests shorten it. */
    private readonly minuteMs = 60_000,
  ) {}

  get minutes(): number {
    return this.currentMinutes;
  }

  set(minutes: number): void {
    this.stop();
    this.currentMinutes = minutes;
    if (minutes <= 0) return;
    this.timer = setInterval(this.tick, minutes * this.minuteMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
