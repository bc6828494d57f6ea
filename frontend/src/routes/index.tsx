import { createFileRoute } from '@tanstack/react-router';

// Home (docs/product/shell.md): intentionally empty. After sign-in the shell sends the user on to the
// organization list (system organization) or the check status.
export const Route = createFileRoute('/')({
  component: () => null,
});
