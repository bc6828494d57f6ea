import { createFileRoute } from '@tanstack/react-router';
import { ToAnswerPage } from '@/answer/ToAnswerPage';

// Survey answer page: /a/{surveyKey}. Public (no sign-in), and the key may hold any character,
// '/' included, so the route takes the whole rest of the path (`_splat`) as the key.
// The page is not the console: the server answers /home/a/* with its own small bundle
// (answer.html, src/answer/main.tsx); this route only reloads the URL when the console itself
// navigated here.
export const Route = createFileRoute('/a/$')({
  params: {
    parse: ({ _splat }) => (_splat ? { _splat } : false),
  },
  staticData: { title: 'アンケート回答', requiresAuth: false },
  component: ToAnswerPage,
});
