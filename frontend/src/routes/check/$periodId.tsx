import { createFileRoute } from '@tanstack/react-router';
import { CheckSheetPage } from '@/features/checks/answer/CheckSheetScreen';
import { numericParams } from '@/lib/routing/numericParams';

// One sheet of the user's store; the check list's name becomes the title once read.
export const Route = createFileRoute('/check/$periodId')({
  params: numericParams('periodId'),
  staticData: { title: 'チェック回答' },
  component: CheckSheetPage,
});
