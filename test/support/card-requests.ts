// Requests the local sandbox accepts, built from its fixtures.
import type { CreateCardRequest } from '../../src-shared/api/requests';
import type { SandboxFixtures } from '../../src-main/sandbox/handle';

/** An active virtual NGN Verve card for the first sample customer, paid from the NGN business account. */
export const virtualCardRequest = (
  fixtures: SandboxFixtures,
  extra: Partial<CreateCardRequest> = {},
): CreateCardRequest => ({
  customerId: fixtures.sampleCustomerIds[0]!,
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  debitAccountId: fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id,
  ...extra,
});
