// The latest value of a prop for event handlers and effects that must not re-run when it changes.
import { type RefObject, useInsertionEffect, useRef } from 'react';

/** A ref holding `value` as of the last committed render (written after render, never during it). */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}
