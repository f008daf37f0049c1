// Turns between the cache bench's runner (cache.bench.ts) and the process that plays main (cache-main.ts),
// so that the searches and the linear scan they are compared with are timed at the same times. This
// machine's speed drifts by half over minutes (a sync of 1M at 14,000 to 31,000 customers a second in one
// run, docs/benchmarks.md 2026-11-29): timed a minute apart, the two sides' ratio moved with the drift.
// Now the runner times a pass of the scan, then lets main time a pass of its searches, and so on.
//
// Over main's standard streams, a line each: main prints `READY {"queries":[...]}` once it is ready to
// be timed; the runner writes `turn` when main may time its next pass, and main prints `TURN` when it
// has. Main's last line is its figures, as without turns.
import { createInterface } from 'node:readline';

const READY = 'READY ';
const TAKE = 'turn';
const TAKEN = 'TURN';

/** Main's side: says it is ready (with the queries it times), then waits for each turn and says when it ends. */
export class TurnsInMain {
  private readonly lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

  ready(queries: string[]): void {
    console.log(`${READY}${JSON.stringify({ queries })}`);
  }

  /** Resolves when the runner gives main its turn. */
  async take(): Promise<void> {
    const line = await this.lines.next();
    if (line.done || line.value !== TAKE) throw new Error('the runner stopped giving turns');
  }

  /** Tells the runner main's turn has ended. */
  taken(): void {
    console.log(TAKEN);
  }
}

/** The runner's side, over main's standard input and the lines it prints. */
export class TurnsInRunner {
  private readyWith: ((queries: string[]) => void) | null = null;
  private waiting: (() => void) | null = null;
  /** Resolves with main's queries once it is ready to be timed. */
  readonly ready: Promise<string[]> = new Promise((resolve) => (this.readyWith = resolve));

  constructor(private readonly write: (line: string) => void) {}

  /** A line main printed; answers whether it was one of the turns' own (not part of main's output). */
  heard(line: string): boolean {
    if (line.startsWith(READY)) {
      this.readyWith?.((JSON.parse(line.slice(READY.length)) as { queries: string[] }).queries);
      return true;
    }
    if (line !== TAKEN) return false;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
    return true;
  }

  /** Gives main its turn; resolves when main has timed its pass. */
  give(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.write(`${TAKE}\n`);
    });
  }
}
