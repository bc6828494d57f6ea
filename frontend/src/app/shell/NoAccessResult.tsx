import { Result } from 'antd';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { NO_ACCESS_TEXT, NO_ACCESS_TITLE } from './noAccessTexts';

/** NoAccess's screen (NoAccess.tsx loads it when needed). */
export function NoAccessResult() {
  return (
    <Result
      status="warning"
      title={NO_ACCESS_TITLE}
      subTitle={NO_ACCESS_TEXT}
      extra={
        // One link that looks like a button (not a button inside a link).
        <ButtonLink to="/" color="primary" variant="solid">
          ホームへ戻る
        </ButtonLink>
      }
    />
  );
}
