import { Suspense } from 'react';
import { lazyAntd } from '@/app/providers/lazyAntd';
import { NO_ACCESS_TEXT, NO_ACCESS_TITLE } from './noAccessTexts';

// Rare, and antd's Result is large: the screen's code loads when a screen is refused.
const HomeNoticeResult = lazyAntd(() => import('./HomeNoticeResult'), 'HomeNoticeResult');

/**
 * A whole-page notice in a screen's place, for what reloading cannot help: instead of an error with
 * 再読み込み it says why and leads back to the user's home.
 */
export function HomeNotice({ title, text }: { title: string; text: string }) {
  return (
    <Suspense fallback={null}>
      <HomeNoticeResult title={title} text={text} />
    </Suspense>
  );
}

/** A screen the user may not use, opened by its address (the menu never offers it). */
export function NoAccess() {
  return <HomeNotice title={NO_ACCESS_TITLE} text={NO_ACCESS_TEXT} />;
}
