// Sending a write (a card, an account) exactly once from a form: a second click while one is in flight
// does nothing (main refuses an identical request too), a lost answer becomes an "outcome unknown"
// panel that resends only after the user confirms, a repeat of a write that just succeeded waits for
// "issue another?", and every outcome refreshes the Journal.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLatest } from '../lib/useLatest';
import type { AppError, Result } from '../../src-shared/ipc/result';
import type { UnknownWrite } from './UnknownOutcome';

/** What main said about an identical write that succeeded moments ago. */
export type RepeatOf = NonNullable<AppError['repeatOf']> & { message: string };

export interface SendOnceOptions<Req, Res> {
  /** `confirmRepeat`: the operator asked for another after being told an identical write just succeeded. */
  write: (request: Req, confirmRepeat: boolean) => Promise<Result<Res>>;
  onBusy: (busy: boolean) => void;
  onSucceeded?: (created: Res) => void;
  onUnknown?: () => void;
  /** A refusal with a message (a 400 names its field): put it on the form. */
  onRejected?: (error: AppError) => void;
}

export interface SendOnce<Req, Res> {
  sending: boolean;
  created: Res | null;
  unknown: UnknownWrite | null;
  /** Set when main held the write as a repeat of a recent success; cleared by `confirmRepeat` or `dismissRepeat`. */
  repeat: RepeatOf | null;
  failure: string | null;
  /** Said with a success: a write sent on this desk's own guard because the team database could not be asked. */
  notice: string | null;
  setFailure(message: string | null): void;
  send(request: Req): Promise<void>;
  /** Sends the last request again (after the user confirmed an unknown outcome). */
  resend(): Promise<void>;
  /** Sends the held repeat, saying the operator wants another. */
  confirmRepeat(): Promise<void>;
  dismissRepeat(): void;
  reset(): void;
}

export function useSendOnce<Req, Res>(options: SendOnceOptions<Req, Res>): SendOnce<Req, Res> {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [created, setCreated] = useState<Res | null>(null);
  const [unknown, setUnknown] = useState<UnknownWrite | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [repeat, setRepeat] = useState<RepeatOf | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A double click must not send twice: the ref is set before the button can re-render as disabled.
  const inFlight = useRef(false);
  const lastRequest = useRef<Req | null>(null);
  const latest = useLatest(options);

  const send = async (request: Req, confirmRepeat = false) => {
    if (inFlight.current) return;
    inFlight.current = true;
    lastRequest.current = request;
    const { write, onBusy } = latest.current;
    setSending(true);
    onBusy(true);
    setFailure(null);
    setRepeat(null);
    try {
      const r = await write(request, confirmRepeat);
      void queryClient.invalidateQueries({ queryKey: ['journal'] });
      if (r.ok) {
        setCreated(r.data);
        setNotice(r.notice ?? null);
        setUnknown(null);
        latest.current.onSucceeded?.(r.data);
        return;
      }
      const e = r.error;
      if (e.repeatOf) {
        setRepeat({ ...e.repeatOf, message: e.message });
        return;
      }
      if (e.kind === 'outcome_unknown' || (e.kind === 'conflict' && e.journalEntryId)) {
        setUnknown({
          message: e.message,
          journalEntryId: e.journalEntryId ?? '',
          blockedByEarlier: e.kind === 'conflict',
        });
        latest.current.onUnknown?.();
        return;
      }
      latest.current.onRejected?.(e);
      setFailure(e.message);
    } finally {
      inFlight.current = false;
      setSending(false);
      latest.current.onBusy(false);
    }
  };

  return {
    sending,
    created,
    unknown,
    repeat,
    failure,
    notice,
    setFailure,
    send: (request) => send(request),
    resend: () => (lastRequest.current ? send(lastRequest.current) : Promise.resolve()),
    confirmRepeat: () => (lastRequest.current ? send(lastRequest.current, true) : Promise.resolve()),
    dismissRepeat: () => setRepeat(null),
    reset: () => {
      setCreated(null);
      setUnknown(null);
      setRepeat(null);
      setFailure(null);
      setNotice(null);
    },
  };
}
