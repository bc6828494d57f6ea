import { Result } from 'antd';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import '@/shared/feedback/result.css';

/** HomeNotice's screen (NoAccess.tsx loads it when needed). */
export function HomeNoticeResult({ title, text }: { title: string; text: string }) {
  return (
    <Result
      className="rouder-notice"
      status="warning"
      title={title}
      subTitle={text}
      extra={
        // One link that looks like a button (not a button inside a link).
        <ButtonLink to="/" color="primary" variant="solid">
          ホームへ戻る
        </ButtonLink>
      }
    />
  );
}
