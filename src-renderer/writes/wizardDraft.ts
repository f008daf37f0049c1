// What the issuing wizard holds, handed to the draft store when a lock unmounts it (stores/draftStore.ts), so
// the app opens it again as it was once unlocked (App.tsx, RestoredWrite). Nothing typed, nothing kept.
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CreateCardRequest } from '../../src-shared/api/requests';
import { panTail } from '../lib/format';
import { useLatest } from '../lib/useLatest';
import { useDraftStore } from '../stores/draftStore';
import { useLockStore } from '../stores/lockStore';
import type { CardFormValues, CardPath } from './cardForm';
import type { HolderConfirmation } from './HolderNameCheck';
import type { WriteFormProps } from './writeFormProps';

export type WizardStep = 'path' | 'details' | 'controls' | 'review' | 'done';

/** What the wizard holds, kept across a lock and started again from. */
export interface WizardDraft {
  step: Exclude<WizardStep, 'done'>;
  path: CardPath;
  useDefaults: boolean;
  holder: HolderConfirmation | null;
  values: CardFormValues;
}

interface KeptState {
  step: WizardStep;
  path: CardPath;
  useDefaults: boolean;
  holder: HolderConfirmation | null;
  worthKeeping: boolean;
}

/** On unmount while locked, hands what was typed to the draft store (read through the latest state). */
export function useKeptWizardDraft(
  state: KeptState,
  form: UseFormReturn<CardFormValues, unknown, CreateCardRequest>,
  { customerId, replacing }: Pick<WriteFormProps, 'customerId' | 'replacing'>,
): void {
  const keep = useLatest(state);
  useEffect(
    () => () => {
      const now = keep.current;
      if (!useLockStore.getState().lock?.locked || !now.worthKeeping || now.step === 'done') return;
      const kept: WizardDraft = {
        step: now.step,
        path: now.path,
        useDefaults: now.useDefaults,
        holder: now.holder,
        values: form.getValues(),
      };
      useDraftStore.getState().keep({
        kind: 'issue-card',
        title: replacing ? `Replace card ${panTail(replacing.maskedPan)}` : 'Issue a card',
        props: { customerId, replacing },
        state: kept,
      });
    },
    // Once, on unmount: the latest state is read through `keep`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}
