// The billing actions: Checkout (or an in-place plan change), the Customer Portal, cancel, reactivate.
import {
  billingSummarySchema,
  checkoutResultSchema,
  redirectUrlSchema,
  type CheckoutRequest,
} from '@shark/contracts/billing.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { settleBilling } from './billing-queries.ts';

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CheckoutRequest) =>
      api.post('/api/billing/checkout', request, checkoutResultSchema),
    // A URL: the browser leaves for Checkout, nothing changed yet. None: the plan changed in place.
    onSuccess: async (result) => {
      if (result.url === null) await settleBilling(queryClient, result.billing);
    },
    onError: () => settleBilling(queryClient),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: () => api.post('/api/billing/portal', undefined, redirectUrlSchema),
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/billing/cancel', undefined, billingSummarySchema),
    onSuccess: (billing) => settleBilling(queryClient, billing),
    // A 409 (cancelled or ended elsewhere): show what the server holds now.
    onError: () => settleBilling(queryClient),
  });
}

export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/billing/reactivate', undefined, billingSummarySchema),
    onSuccess: (billing) => settleBilling(queryClient, billing),
    onError: () => settleBilling(queryClient),
  });
}
