import { Result } from 'antd';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { NO_ACCESS_TEXT, NO_ACCESS_TITLE } from './noAccessTexts';

/**
 * A screen the user may not use, opened by its address (the menu never offers it). Reloading cannot
 * help, so instead of an error with 再読み込み it says why and leads back to the user's home.
 */
export function NoAccess() {
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
