import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/master/')({
  staticData: { title: 'マスタ一括登録' },
  component: RoutePlaceholder,
});
