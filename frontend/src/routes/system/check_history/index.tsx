import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

// docs/product/shell.md: the check history period lives in the URL as text. A malformed value is
// dropped rather than failing the page.
const searchSchema = z.object({
  historyDateFrom: z.string().optional().catch(undefined),
  historyDateTo: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/system/check_history/')({
  validateSearch: searchSchema,
  staticData: { title: 'チェック履歴' },
  component: RoutePlaceholder,
});
