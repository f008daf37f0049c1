// Card requests for tests: ones the local sandbox accepts, built from its fixtures, and one whose ids are
// placeholders for tests that have no sandbox (the contract's schema takes it).
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

/** A card request the contract's schema takes, for tests without a sandbox: its ids are placeholders. */
export const placeholderCardRequest = (extra: Partial<CreateCardRequest> = {}): CreateCardRequest => ({
  customerId: 'a'.repeat(24),
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  debitAccountId: 'b'.repeat(24),
  ...extra,
});
