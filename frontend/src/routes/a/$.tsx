import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

// Survey answer page: /a/{surveyKey}. Public (no sign-in), and the key may hold any character,
// '/' included, so the route takes the whole rest of the path (`_splat`) as the key.
export const Route = createFileRoute('/a/$')({
  params: {
    parse: ({ _splat }) => (_splat ? { _splat } : false),
  },
  staticData: { title: 'アンケート回答', requiresAuth: false },
  component: RoutePlaceholder,
});
