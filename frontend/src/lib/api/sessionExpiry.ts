/**
 * docs/product/errors.md: a 401 from any call means the session is gone. `send` reports it here; the
 * shell listens (toast, clear the user and enums, show the login screen). Calls for which 401 is
 * an ordinary answer (login, the e-mail code, "who am I") opt out.
 */
const listeners = new Set<() => void>();

export function onSessionExpired(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportSessionExpired(): void {
  for (const listener of listeners) listener();
}
