// Toasts for the pages a visitor sees first (sign-in, sign-up, password reset): sonner loads on its
// own, after the first render, rather than in their JavaScript. The root's Toaster shows toasts
// created before it mounted, so none is lost while sonner loads.
import type { ExternalToast } from 'sonner';

type ToastKind = 'success' | 'error';

function show(kind: ToastKind, message: string, data?: ExternalToast): void {
  void import('sonner').then(({ toast }) => toast[kind](message, data));
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show('success', message, data),
  error: (message: string, data?: ExternalToast) => show('error', message, data),
};
