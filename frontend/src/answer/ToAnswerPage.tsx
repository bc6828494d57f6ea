// The CONSOLE's side of the answer page (the route /a/$ renders it); the answer bundle itself
// (main.tsx) never imports this file, so antd stays out of it.
import { Typography } from 'antd';
import { useEffect } from 'react';
import { useRouteTitle } from '@/app/shell/useRouteTitle';

const RELOAD_MARKER = 'rouder_answer_page_reload';
const LOOP_WINDOW_MS = 10_000;

/**
 * The server answers /home/a/* with the answer page's own bundle (answer.html). Reaching the
 * console's route means the console navigated there in the browser, so this loads the same URL
 * afresh, once: a marker stops a loop should a build lack answer.html and the server answer the
 * console again.
 */
export function ToAnswerPage() {
  const title = useRouteTitle() ?? '';
  const href = window.location.href;
  useEffect(() => {
    let last: { href?: string; at?: number } = {};
    try {
      last = JSON.parse(sessionStorage.getItem(RELOAD_MARKER) ?? '{}') as typeof last;
    } catch {
      // a broken marker counts as none
    }
    if (last.href === href && Date.now() - (last.at ?? 0) < LOOP_WINDOW_MS) return;
    sessionStorage.setItem(RELOAD_MARKER, JSON.stringify({ href, at: Date.now() }));
    window.location.replace(href);
  }, [href]);
  return (
    <section>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph>
        アンケートを開いています… <a href={href}>開かない場合はこちら</a>
      </Typography.Paragraph>
    </section>
  );
}
