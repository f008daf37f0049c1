// Sending the wizard's card once (useSendOnce): the holder check travels with it, a success reads cards and
// balances again, and a field the service refuses lands on the step that has it.
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { inOperatorWords } from '../../src-shared/api/field-words';
import type { Card } from '../../src-shared/api/records';
import type { CreateCardRequest } from '../../src-shared/api/requests';
import { bridge } from '../lib/bridge';
import { useLatest } from '../lib/useLatest';
import { stepOfField, type CardFormValues, type CardPath } from './cardForm';
import { withHolderMetadata, type HolderConfirmation } from './HolderNameCheck';
import { useSendOnce, type SendOnce } from './useSendOnce';
import type { WizardStep } from './wizardDraft';

export function useIssueCardSend({
  form,
  path,
  holder,
  onBusy,
  onStep,
}: {
  form: UseFormReturn<CardFormValues, unknown, CreateCardRequest>;
  path: CardPath;
  holder: HolderConfirmation | null;
  onBusy: (busy: boolean) => void;
  onStep: (step: WizardStep) => void;
}): SendOnce<CreateCardRequest, Card> {
  const queryClient = useQueryClient();
  const latestHolder = useLatest(holder);
  return useSendOnce<CreateCardRequest, Card>({
    // The holder check of a bank-account mapping travels in the card's metadata, and so into the journal.
    write: (request, confirm) => {
      const sent = withHolderMetadata(request, path === 'bankAccount' ? latestHolder.current : null);
      return bridge().cards.create(confirm ? { ...sent, confirmRepeat: true } : sent);
    },
    onBusy,
    onSucceeded: () => {
      onStep('done');
      void queryClient.invalidateQueries({ queryKey: ['cards'] });
      // A funded card took its amount out of an account or wallet: their balances are read again.
      void queryClient.invalidateQueries({ queryKey: ['accounts'] });
      void queryClient.invalidateQueries({ queryKey: ['customers', 'wallets'] });
    },
    onUnknown: () => onStep('done'),
    onRejected: (e) => {
      const values = form.getValues();
      const field = e.field && (e.field in values || e.field.startsWith('spendingControls')) ? e.field : null;
      if (field) {
        form.setError(
          field as keyof CardFormValues,
          { type: 'server', message: inOperatorWords(field, e.message) },
          { shouldFocus: true },
        );
        onStep(stepOfField(field));
      }
    },
  });
}
