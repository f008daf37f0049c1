// Spending controls for a new card: the service's defaults (shown, so the user knows what they get), or
// channels, allowed and blocked merchant categories and limits over any of the six intervals.
import { useFieldArray } from 'react-hook-form';
import { CHANNELS, SPENDING_INTERVALS } from '../../src-shared/api/records';
import { CHANNEL_LABEL, INTERVAL_LABEL } from '../components/cards/spendingLabels';
import { DEFAULT_CONTROLS_TEXT, type CardForm } from './cardForm';
import { Field } from './Field';

type FieldError = { message?: string } | undefined;

export function SpendingControlsEditor({
  form,
  useDefaults,
  onUseDefaults,
}: {
  form: CardForm;
  useDefaults: boolean;
  onUseDefaults: (on: boolean) => void;
}): React.JSX.Element {
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const limits = useFieldArray({ control, name: 'spendingControls.spendingLimits' });
  const currency = watch('currency');
  const limitErrors = (errors.spendingControls?.spendingLimits ?? []) as unknown as (
    { amount?: FieldError; interval?: FieldError; categories?: FieldError } | undefined
  )[];

  return (
    <div className="controls-editor">
      <fieldset className="form-group">
        <legend>Spending controls</legend>
        <label className="inline-check">
          <input type="radio" name="controls-mode" checked={useDefaults} onChange={() => onUseDefaults(true)} />
          Use the service's defaults
        </label>
        <label className="inline-check">
          <input type="radio" name="controls-mode" checked={!useDefaults} onChange={() => onUseDefaults(false)} />
          Set spending controls
        </label>
        <p className="defaults-note" role="note">
          Defaults: {DEFAULT_CONTROLS_TEXT[currency]}
        </p>
      </fieldset>

      {useDefaults ? null : (
        <>
          <fieldset className="form-group">
            <legend>Channels</legend>
            <div className="form-row">
              {CHANNELS.map((c) => (
                <label key={c} className="inline-check">
                  <input type="checkbox" {...register(`spendingControls.channels.${c}`)} />
                  {CHANNEL_LABEL[c]}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="form-group">
            <legend>Merchant categories</legend>
            <div className="form-row">
              <Field
                label="Allowed categories"
                hint="Comma-separated; empty allows every category."
                error={errors.spendingControls?.allowedCategories?.message}
              >
                {(ids) => <input {...ids} {...register('spendingControls.allowedCategories')} />}
              </Field>
              <Field
                label="Blocked categories"
                hint="Comma-separated merchant categories."
                error={errors.spendingControls?.blockedCategories?.message}
              >
                {(ids) => <input {...ids} {...register('spendingControls.blockedCategories')} />}
              </Field>
            </div>
          </fieldset>
          <fieldset className="form-group">
            <legend>Spending limits</legend>
            {limits.fields.length === 0 ? (
              <p className="field-hint">No limits: the card can spend its balance.</p>
            ) : null}
            {limits.fields.map((item, i) => (
              <div className="form-row limit-row" key={item.id} role="group" aria-label={`Limit ${i + 1}`}>
                <Field label={`Limit ${i + 1} amount`} error={limitErrors[i]?.amount?.message}>
                  {(ids) => (
                    <input
                      {...ids}
                      type="number"
                      min="0"
                      step="0.01"
                      inputMode="decimal"
                      {...register(`spendingControls.spendingLimits.${i}.amount`)}
                    />
                  )}
                </Field>
                <Field label={`Limit ${i + 1} interval`} error={limitErrors[i]?.interval?.message}>
                  {(ids) => (
                    <select {...ids} {...register(`spendingControls.spendingLimits.${i}.interval`)}>
                      {SPENDING_INTERVALS.map((iv) => (
                        <option key={iv} value={iv}>
                          {INTERVAL_LABEL[iv]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field
                  label={`Limit ${i + 1} categories`}
                  hint="Optional, comma-separated."
                  error={limitErrors[i]?.categories?.message}
                >
                  {(ids) => <input {...ids} {...register(`spendingControls.spendingLimits.${i}.categories`)} />}
                </Field>
                <button
                  type="button"
                  className="align-end"
                  onClick={() => limits.remove(i)}
                  aria-label={`Remove limit ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            ))}
            <button type="button" onClick={() => limits.append({ amount: '', interval: 'daily', categories: '' })}>
              Add a limit
            </button>
          </fieldset>
        </>
      )}
    </div>
  );
}
