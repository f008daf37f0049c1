// The card's kind in the issuing wizard: type, brand, currency, initial status and issuer country.
import { CARD_BRANDS, CURRENCIES } from '../../src-shared/api/records';
import { ISSUER_COUNTRIES } from '../../src-shared/api/requests';
import { humanize } from '../components/values/Badge';
import type { CardForm } from './cardForm';
import { SelectField } from './Field';

/** In the order offered: a virtual card, issued active, is the usual choice. */
const CARD_TYPES = ['virtual', 'physical'] as const;
const INITIAL_STATUSES = ['active', 'inactive'] as const;

export function CardKindFields({ form }: { form: CardForm }): React.JSX.Element {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  return (
    <div className="form-row">
      <SelectField
        label="Card type"
        error={errors.type?.message}
        registration={register('type')}
        options={CARD_TYPES}
        optionText={humanize}
      />
      <SelectField
        label="Brand"
        error={errors.brand?.message}
        // A number typed before the brand was chosen is checked again against the brand's ranges.
        registration={register('brand', {
          onChange: () => {
            if (form.getValues('number')) void form.trigger('number');
          },
        })}
        options={CARD_BRANDS}
      />
      <SelectField
        label="Currency"
        error={errors.currency?.message}
        // A debit account is in one currency: another currency clears the choice.
        registration={register('currency', { onChange: () => setValue('debitAccountId', '') })}
        options={CURRENCIES}
      />
      <SelectField
        label="Initial status"
        error={errors.status?.message}
        registration={register('status')}
        options={INITIAL_STATUSES}
        optionText={humanize}
      />
      <SelectField
        label="Issuer country"
        error={errors.issuerCountry?.message}
        registration={register('issuerCountry')}
        options={ISSUER_COUNTRIES}
      />
    </div>
  );
}
