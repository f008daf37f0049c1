// The issuing wizard's steps as a list (the current one marked), and its Back / Continue / Next / Send buttons.
import { SendButton } from './SendButton';
import type { WizardStep } from './wizardDraft';

type Titled = Exclude<WizardStep, 'done'>;

const STEP_TITLES: Record<Titled, string> = {
  path: 'What to do',
  details: 'Card details',
  controls: 'Spending controls',
  review: 'Review and send',
};
const STEP_NAMES = Object.keys(STEP_TITLES) as Titled[];

/** The step before this one (Back). */
export function stepBefore(step: Titled): Titled {
  return STEP_NAMES[Math.max(0, STEP_NAMES.indexOf(step) - 1)]!;
}

export function WizardSteps({ step }: { step: Titled }): React.JSX.Element {
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {STEP_NAMES.map((s, i) => (
        <li key={s} aria-current={s === step ? 'step' : undefined}>
          {i + 1}. {STEP_TITLES[s]}
        </li>
      ))}
    </ol>
  );
}

export function WizardActions({
  step,
  sending,
  asked,
  needsApproval,
  writesRefused,
  sendText,
  onBack,
}: {
  step: Titled;
  sending: boolean;
  /** Sent for approval: there is no going back to change it. */
  asked: boolean;
  /** The review's send is replaced by "Send for approval". */
  needsApproval: boolean;
  /** "This cannot be sent now" (the team database cannot be asked): the send button waits. */
  writesRefused: string | null;
  sendText: string;
  onBack: () => void;
}): React.JSX.Element {
  return (
    <div className="form-actions">
      {step !== 'path' && !asked ? (
        <button type="button" disabled={sending} onClick={onBack}>
          Back
        </button>
      ) : null}
      {step === 'path' ? (
        <button type="submit" className="primary">
          Continue
        </button>
      ) : step === 'review' && needsApproval ? null : step === 'review' ? (
        <SendButton sending={sending} writesRefused={writesRefused} text={sendText} />
      ) : (
        <button type="submit" className="primary">
          Next
        </button>
      )}
    </div>
  );
}
