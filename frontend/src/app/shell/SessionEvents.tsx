import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToasts } from '@/app/feedback/useToasts';
import { expireSession } from '@/features/session/session';
import { API_MESSAGES } from '@/lib/api/messages';
import { onSessionExpired } from '@/lib/api/sessionExpiry';

/**
 * docs/product/errors.md: a 401 anywhere shows the timeout toast once, clears the user and the enums,
 * and with them the console: the login screen takes its place (the route stays).
 */
export function SessionEvents() {
  const queryClient = useQueryClient();
  const toasts = useToasts();
  useEffect(
    () =>
      onSessionExpired(() => {
        if (expireSession(queryClient)) toasts.toast({ kind: 'error', text: API_MESSAGES.sessionTimedOut });
      }),
    [queryClient, toasts],
  );
  return null;
}
