// The issuing wizard: choose what to do, fill in that path's fields, set spending controls, review exactly
// what will be sent, send it once, and show the new card or what went wrong.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CreateCardRequest } from '../../src-shared/api/requests';
import { useLatest } from '../lib/useLatest';
import { BridgeErrorBanner } from './CardIssued';
import { CardDetailsStep } from './CardDetailsStep';
import {
  cardRequestResolver,
  firstCardValues,
  stepOfField,
  toCardRequest,
  type CardFormChoices,
  type CardFormValues,
  type CardPath,
} from './cardForm';
import { holderConfirms, withHolderMetadata, type HolderConfirmation } from './HolderNameCheck';
import { NeedsApproval, useApprovalCheck } from './NeedsApproval';
import { ReviewStep } from './ReviewStep';
import { SpendingControlsEditor } from './SpendingControlsEditor';
import { WizardOutcome } from './WizardOutcome';
import { PathChoiceStep } from './PathChoiceStep';
import { useKeptWizardDraft, type WizardDraft, type WizardStep } from './wizardDraft';
import { RepeatConfirm } from './RepeatConfirm';
import { useIssueCardSend } from './useIssueCardSend';
import { WizardActions, WizardSteps, stepBefore } from './WizardNavigation';
import { useKnownCard } from './useKnownCard';
import { useTeamStore } from '../stores/teamStore';
import { panTail } from '../lib/format';
import type { WriteFormProps } from './writeFormProps';

type Step = WizardStep;
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

export function IssueCardWizard({
  customerId,
  replacing,
  restored,
  onBusy,
  onUnsaved,
  onClose,
}: WriteFormProps): React.JSX.Element {
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
  // Locking unmounts the pages: what was typed is handed to the draft store as the wizard goes.
  useKeptWizardDraft(
    { step, path, useDefaults, holder, worthKeeping: step !== 'done' && !asked && (isDirty || !!draft) },
    form,
    { customerId, replacing },
  );
  // Each step starts on its first field (the review, which has none, on its summary).
  useEffect(() => {
    const root = formRef.current ?? doneRef.current;
    if (root) focusFirstField(root);
  }, [step]);

  // The card being replaced, as the operator knows it (its number), for the outcome.
  const replacedCard = useKnownCard(path === 'replace' ? values.replacementFor.trim() : '');
  const replacedText = replacedCard ? panTail(replacedCard.maskedPan) : null;

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
  } = useIssueCardSend({ form, path, holder, onBusy, onStep: setStep });
  const next = () =>
    advance(step, { form, path, useDefaults, holderMatches: holderConfirms(holder, values), setStep, setFailure });

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
      <WizardOutcome
        doneRef={doneRef}
        issued={issued}
        replaced={path === 'replace' ? (replacedText ?? values.replacementFor) : null}
        send={{ unknown, notice, failure, sending, resend }}
        onStartOver={replacing ? null : startOver}
      />
    );
  }

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
      <WizardSteps step={step} />

      {step === 'path' ? (
        <PathChoiceStep
          path={path}
          onPath={(p) => {
            setPath(p);
            // A replacement draws on the old card's account unless the service asks for one.
            if (p === 'replace') form.setValue('debitAccountId', '');
          }}
        />
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

      <WizardActions
        step={step}
        sending={sending}
        asked={asked}
        needsApproval={needsApproval}
        writesRefused={writesRefused}
        sendText={path === 'replace' ? replaceButtonText(replacedText) : 'Issue card'}
        onBack={() => setStep(stepBefore(step))}
      />
    </form>
  );
}

/** Continue / Next: the step's fields are checked (and a bank account's holder confirmed) before the next. */
async function advance(
  step: Step,
  {
    form,
    path,
    useDefaults,
    holderMatches,
    setStep,
    setFailure,
  }: {
    form: UseFormReturn<CardFormValues, unknown, CreateCardRequest>;
    path: CardPath;
    useDefaults: boolean;
    holderMatches: boolean;
    setStep: (step: Step) => void;
    setFailure: (message: string | null) => void;
  },
): Promise<void> {
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
