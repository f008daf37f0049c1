// A store that asks main for a state (`team.status`) and also hears it told (`team.changed`) must not let
// an answer put back an older state: the answer to a read asked before an event arrived may have been read
// before the change the event tells of, and may reach the page after it (an IPC answer and an event travel
// apart). Main tells every change as an event, so the event heard meanwhile is at least as new: the answer
// is dropped.

export interface EventOrder {
  /** Call when the store hears the state told. */
  heard(): void;
  /** Runs `read`; resolves to its answer, or null when the state was told while the answer was on its way. */
  read<T>(read: () => Promise<T>): Promise<T | null>;
}

export function eventOrder(): EventOrder {
  let told = 0;
  return {
    heard: () => {
      told += 1;
    },
    async read(read) {
      const before = told;
      const answer = await read();
      return told === before ? answer : null;
    },
  };
}
