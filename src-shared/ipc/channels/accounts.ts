import { z } from 'zod';
import {
  accountSchema,
  fundingSourceSchema,
  authorizationSchema,
  disputeSchema,
  nameEnquiryResultSchema,
} from '../../api/records';
import {
  accountsListQuerySchema,
  authorizationsListQuerySchema,
  createAccountRequestSchema,
  disputesListQuerySchema,
  fundingSourceGetSchema,
  fundingSourcesListQuerySchema,
  nameEnquiryRequestSchema,
} from '../../api/requests';
import { approvalOf } from '../write-kinds';
import { channel, withRepeatConfirmation } from './common';

export const accountsChannels = {
  'accounts.create': channel(withRepeatConfirmation(createAccountRequestSchema), accountSchema, {
    approval: approvalOf('accounts.create'),
  }),
  'accounts.list': channel(accountsListQuerySchema, z.array(accountSchema)),
  'accounts.nameEnquiry': channel(nameEnquiryRequestSchema, nameEnquiryResultSchema),
};

export const authorizationsChannels = {
  'authorizations.list': channel(authorizationsListQuerySchema, z.array(authorizationSchema)),
};

export const disputesChannels = {
  'disputes.list': channel(disputesListQuerySchema, z.array(disputeSchema)),
};

export const fundingSourcesChannels = {
  'fundingSources.list': channel(fundingSourcesListQuerySchema, z.array(fundingSourceSchema)),
  'fundingSources.get': channel(fundingSourceGetSchema, fundingSourceSchema),
};
