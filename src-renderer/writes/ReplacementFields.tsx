// The issuing wizard's replacement fields: the card to replace (the new card starts from its kind, spending
// controls and 2FA) and why it is replaced.
import { Controller } from 'react-hook-form';
import { CARD_BRANDS, CURRENCIES, type Card } from '../../src-shared/api/records';
import { REPLACEMENT_REASONS } from '../../src-shared/api/requests';
import { controlsInput, type CardForm } from './cardForm';
import { SelectField } from './Field';
import { ReplaceCardSelect } from './Pickers';

export function ReplacementFields({
  form,
  customerId,
  onCardToReplace,
}: {
  form: CardForm;
  customerId: string;
  /** The card chosen to replace: the new card starts from its spending controls and settings. */
  onCardToReplace?: (card: Card) => void;
}): React.JSX.Element {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const validate = { shouldValidate: true, shouldDirty: true } as const;
  return (
    <div className="form-row">
      <Controller
        control={control}
        name="replacementFor"
        render={({ field }) => (
          <ReplaceCardSelect
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.replacementFor?.message}
            customerId={customerId}
            onCard={(card) => {
              // The new card is of the same kind as the one it replaces.
              if (card.type === 'physical' || card.type === 'virtual') setValue('type', card.type, validate);
              if ((CARD_BRANDS as readonly string[]).includes(card.brand ?? ''))
                setValue('brand', card.brand as (typeof CARD_BRANDS)[number], validate);
              if ((CURRENCIES as readonly string[]).includes(card.currency ?? ''))
                setValue('currency', card.currency as (typeof CURRENCIES)[number], validate);
              // Its spending controls and 2FA too.
              setValue('spendingControls', controlsInput(card.spendingControls), validate);
              setValue('enable2FA', card.is2FAEnabled === true, validate);
              onCardToReplace?.(card);
            }}
          />
        )}
      />
      <SelectField
        label="Reason"
        error={errors.reason?.message}
        registration={register('reason')}
        placeholder="Choose why it is replaced"
        options={REPLACEMENT_REASONS}
        optionText={(r) => (r === 'lost' ? 'Lost' : 'Stolen')}
      />
    </div>
  );
}
