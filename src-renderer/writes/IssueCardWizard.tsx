// The issuing wizard: choose what to do, fill in that path's fields, set spending controls, review exactly
// what will be sent, send it once, and show the new card or what went wrong.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { inOperatorWords } from '../../src-shared/api/field-words';
import { compactNumber } from '../../src-shared/api/input-rules';
import type { Card } from '../../src-shared/api/records';
import type { CreateCardRequest } from '../../src-shared/api/requests';
import { bridge } from '../lib/bridge';
import { hrefOf } from '../lib/routes';
import { useLatest } from '../lib/useLatest';
import { BridgeErrorBanner, CardIssued } from './CardIssued';
import { CardDetailsStep } from './CardDetailsStep';
import {
  PATHS,
  cardRequestResolver,
  firstCardValues,
  stepOfField,
  toCardRequest,
  type CardFormChoices,
  type CardFormValues,
  type CardPath,
} from './cardForm';
import { withHolderMetadata, type HolderConfirmation } from './HolderNameCheck';
import { NeedsApproval, useApprovalCheck } from './NeedsApproval';
import { ReviewStep } from './ReviewStep';
import { SpendingControlsEditor } from './SpendingControlsEditor';
import { UnknownOutcome } from './UnknownOutcome';
import { RepeatConfirm } from './RepeatConfirm';
import { useSendOnce } from './useSendOnce';
import { useKnownCard } from './useKnownCard';
import { useLockStore } from '../stores/lockStore';
import { useDraftStore } from '../stores/draftStore';
import { useTeamStore } from '../stores/teamStore';
import { panTail } from '../lib/format';
import type { WriteFormProps } from './writeFormProps';

type Step = 'path' | 'details' | 'controls' | 'review' | 'done';
const STEP_TITLES: Record<Exclude<Step, 'done'>, string> = {
  path: 'What to do',
  details: 'Card details',
  controls: 'Spending controls',
  review: 'Review and send',
};
const DETAIL_FIELDS = [
  'customerId',
  'type',
  'currency',
  'status',
  'brand',
  'issuerCountry',
  'number',
  'debitAccountId',
  'amount',
  'expirationDate',
  'fundingSourceId',
  'bankCode',
  'accountNumber',
  'replacementFor',
  'reason',
] as const satisfies readonly (keyof CardFormValues)[];

/** What the wizard holds, kept across a lock (stores/draftStore.ts) and started again from. */
interface WizardDraft {
  step: Exclude<Step, 'done'>;
  path: CardPath;
  useDefaults: boolean;
  holder: HolderConfirmation | null;
  values: CardFormValues;
}

export function IssueCardWizard({
  customerId,
  replacing,
  restored,
  onBusy,
  onUnsaved,
  onClose,
}: WriteFormProps): React.JSX.Element {
  const queryClient = useQueryClient();
  const draft = restored as WizardDraft | undefined;
  // Opened from a card's page to replace it: the path is chosen and the card is filled in.
  const [step, setStep] = useState<Step>(draft?.step ?? (replacing ? 'details' : 'path'));
  const [path, setPath] = useState<CardPath>(draft?.path ?? (replacing ? 'replace' : 'new'));
  // A replacement starts from the old card's spending controls, where it has any.
  const [useDefaults, setUseDefaults] = useState(draft?.useDefaults ?? !replacing?.spendingControls);
  const [holder, setHolder] = useState<HolderConfirmation | null>(draft?.holder ?? null);
  const choices = useMemo<CardFormChoices>(() => ({ path, useDefaultControls: useDefaults }), [path, useDefaults]);
  // The resolver is made once and reads the choices as of the last render when it validates.
  const latestChoices = useLatest(choices);
  const latestHolder = useLatest(holder);
  const resolver = useMemo(() => cardRequestResolver(() => latestChoices.current), [latestChoices]);
  const form = useForm<CardFormValues, unknown, CreateCardRequest>({
    defaultValues: firstCardValues(customerId, replacing),
    // A wizard started again after a lock has what was typed, and counts as changed (closing asks first).
    values: draft?.values,
    resetOptions: { keepDefaultValues: true },
    resolver,
    mode: 'onChange',
  });
  // Every field has a default (emptyCardForm), so the watched form is whole, not the partial its type allows.
  const values = useWatch({ control: form.control }) as CardFormValues;
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const isDirty = form.formState.isDirty;
  // Sent for approval: what was entered is kept in the team database, so closing asks nothing.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    onUnsaved?.(step !== 'done' && !asked && (isDirty || draft !== undefined));
  }, [onUnsaved, step, asked, isDirty, draft]);
  // "This cannot be sent now" (the team database cannot be asked): the review's send button waits.
  const writesRefused = useTeamStore((s) => s.team?.writesRefused ?? null);
  // Locking unmounts the pages: what was typed is handed to the draft store as the wizard goes, so the
  // app opens it again as it was once unlocked (App.tsx, RestoredWrite). Nothing typed, nothing kept.
  const keep = useLatest({
    step,
    path,
    useDefaults,
    holder,
    worthKeeping: step !== 'done' && !asked && (isDirty || !!draft),
  });
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
  // Each step starts on its first field (the review, which has none, on its summary).
  useEffect(() => {
    const root = formRef.current ?? doneRef.current;
    if (root) focusFirstField(root);
  }, [step]);

  // The card being replaced, as the operator knows it (its number), for the outcome.
  const replacedCard = useKnownCard(path === 'replace' ? values.replacementFor.trim() : '');
  const replacedText = replacedCard ? panTail(replacedCard.maskedPan) : null;

  const holderMatches =
    holder !== null &&
    holder.bankCode === values.bankCode.trim() &&
    holder.accountNumber === compactNumber(values.accountNumber.trim()) &&
    holder.customerId === values.customerId.trim().toLowerCase();

  const next = async () => {
    if (step === 'path') setStep('details');
    else if (step === 'details') {
      const valid = await form.trigger(DETAIL_FIELDS);
      if (!valid) return;
      if (path === 'bankAccount' && !holderMatches) {
        setFailure("Look up the account holder's name and confirm it before continuing.");
        return;
      }
      setFailure(null);
      setStep('controls');
    } else if (step === 'controls') {
      if (!useDefaults && !(await form.trigger('spendingControls'))) return;
      setStep('review');
    }
  };

  const {
    sending,
    created: issued,
    unknown,
    repeat,
    failure,
    notice,
    setFailure,
    send,
    resend,
    confirmRepeat,
    dismissRepeat,
    reset,
  } = useSendOnce<CreateCardRequest, Card>({
    // The holder check of a bank-account mapping travels in the card's metadata, and so into the journal.
    write: (request, confirm) => {
      const sent = withHolderMetadata(request, path === 'bankAccount' ? latestHolder.current : null);
      return bridge().cards.create(confirm ? { ...sent, confirmRepeat: true } : sent);
    },
    onBusy,
    onSucceeded: () => {
      setStep('done');
      void queryClient.invalidateQueries({ queryKey: ['cards'] });
      // A funded card took its amount out of an account or wallet: their balances are read again.
      void queryClient.invalidateQueries({ queryKey: ['accounts'] });
      void queryClient.invalidateQueries({ queryKey: ['customers', 'wallets'] });
    },
    onUnknown: () => setStep('done'),
    onRejected: (e) => {
      const field = e.field && (e.field in values || e.field.startsWith('spendingControls')) ? e.field : null;
      if (field) {
        form.setError(
          field as keyof CardFormValues,
          { type: 'server', message: inOperatorWords(field, e.message) },
          { shouldFocus: true },
        );
        setStep(stepOfField(field));
      }
    },
  });

  const startOver = () => {
    form.reset(firstCardValues(customerId, replacing));
    reset();
    setHolder(null);
    setUseDefaults(true);
    setStep(replacing ? 'details' : 'path');
  };

  const reviewed =
    step === 'review'
      ? withHolderMetadata(toCardRequest(values, choices), path === 'bankAccount' ? holder : null)
      : null;
  const approvalWrite = reviewed ? { operation: 'cards.create' as const, input: reviewed as CreateCardRequest } : null;
  const approval = useApprovalCheck(approvalWrite);
  const needsApproval = approval?.needed === true && approvalWrite !== null;

  if (step === 'done') {
    return (
      <div className="wizard" ref={doneRef} tabIndex={-1} role="group" aria-label="Outcome">
        {issued ? (
          <CardIssued card={issued} replaced={path === 'replace' ? (replacedText ?? values.replacementFor) : null} />
        ) : null}
        {notice ? (
          <p className="review-warning" role="note">
            {notice}
          </p>
        ) : null}
        {unknown ? <UnknownOutcome noun="card" unknown={unknown} busy={sending} onResend={resend} /> : null}
        {failure ? <BridgeErrorBanner message={failure} /> : null}
        {/* Opened to replace one card, which is now cancelled: there is no other card to start over on. */}
        {replacing ? null : (
          <div className="form-actions">
            <button type="button" onClick={startOver} disabled={sending}>
              Issue another card
            </button>
          </div>
        )}
      </div>
    );
  }

  const stepNames = Object.keys(STEP_TITLES) as (keyof typeof STEP_TITLES)[];
  return (
    <form
      ref={formRef}
      className="wizard"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (step === 'review') {
          // A rule broken on an earlier step (an expiry that passed since) takes the user back to it.
          void form.handleSubmit(send, (errors) => {
            const first = Object.keys(errors)[0];
            if (first) setStep(stepOfField(first));
          })(e);
        } else void next();
      }}
    >
      <ol className="wizard-steps" aria-label="Steps">
        {stepNames.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined}>
            {i + 1}. {STEP_TITLES[s]}
          </li>
        ))}
      </ol>

      {step === 'path' ? (
        <fieldset className="form-group path-choice">
          <legend>What do you want to do?</legend>
          {PATHS.map((p) => (
            <label key={p.path} className="path-option">
              <input
                type="radio"
                name="card-path"
                value={p.path}
                checked={path === p.path}
                onChange={() => {
                  setPath(p.path);
                  // A replacement draws on the old card's account unless the service asks for one.
                  if (p.path === 'replace') form.setValue('debitAccountId', '');
                }}
              />
              <span>
                <strong>{p.title}</strong>
                <span className="muted"> — {p.detail}</span>
              </span>
            </label>
          ))}
          <p className="muted">
            Many cards at once? <a href={hrefOf('bulk-issue')}>Issue from a file</a> checks a CSV of them first.
          </p>
        </fieldset>
      ) : null}
      {step === 'details' ? (
        <CardDetailsStep
          form={form}
          path={path}
          holder={holder}
          onHolder={(h) => {
            setHolder(h);
            if (h) setFailure(null);
          }}
          onCardToReplace={(card) => setUseDefaults(!card.spendingControls)}
        />
      ) : null}
      {step === 'controls' ? (
        <SpendingControlsEditor form={form} useDefaults={useDefaults} onUseDefaults={setUseDefaults} />
      ) : null}
      {step === 'review' ? <ReviewStep request={reviewed!} choices={choices} holder={holder} /> : null}
      {needsApproval ? (
        <NeedsApproval
          write={approvalWrite}
          check={approval}
          noun="card"
          onAsked={() => setAsked(true)}
          {...(onClose ? { onClose } : {})}
        />
      ) : null}

      {repeat ? (
        <RepeatConfirm repeat={repeat} busy={sending} onConfirm={confirmRepeat} onCancel={dismissRepeat} />
      ) : null}
      {failure ? <BridgeErrorBanner message={failure} /> : null}

      <div className="form-actions">
        {step !== 'path' && !asked ? (
          <button type="button" disabled={sending} onClick={() => setStep(stepNames[stepNames.indexOf(step) - 1]!)}>
            Back
          </button>
        ) : null}
        {step === 'path' ? (
          <button type="submit" className="primary">
            Continue
          </button>
        ) : step === 'review' && needsApproval ? null : step === 'review' ? (
          <button
            type="submit"
            className="primary"
            disabled={sending || writesRefused !== null}
            title={writesRefused ?? undefined}
            aria-busy={sending}
          >
            {sending ? 'Sending…' : path === 'replace' ? replaceButtonText(replacedText) : 'Issue card'}
          </button>
        ) : (
          <button type="submit" className="primary">
            Next
          </button>
        )}
      </div>
    </form>
  );
}

/** "Replace card •••• 1234": the button names the card it cancels, once that card is known. */
function replaceButtonText(replaced: string | null): string {
  return replaced ? `Replace card ${replaced}` : 'Replace card';
}

const FIELDS = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

function focusFirstField(root: HTMLElement): void {
  const target =
    root.querySelector<HTMLElement>('input[type="radio"]:checked') ??
    [...root.querySelectorAll<HTMLElement>(FIELDS)].find((el) => el.offsetParent !== null) ??
    root.querySelector<HTMLElement>('.review') ??
    root;
  target.focus();
}
