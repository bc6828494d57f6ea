import { Result } from 'antd';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { useParentList } from '@/features/masters/common/navigation';
import { LIST_SCREENS, loadSearchState } from '@/lib/routing/searchState';
import { errorText } from './errorText';
import { BACK_TO_LIST, NOT_FOUND_HINT } from './texts';

/** RecordNotFound's screen (RecordNotFound.tsx loads it when needed). */
export function RecordNotFoundResult({ error }: { error: unknown }) {
  const list = useParentList();
  return (
    <Result
      status="warning"
      title={errorText(error)}
      subTitle={NOT_FOUND_HINT}
      extra={
        // One link that looks like a button; back to the list as the user left it.
        list ? (
          <ButtonLink to={LIST_SCREENS[list]} search={loadSearchState(list)} color="primary" variant="solid">
            {BACK_TO_LIST}
          </ButtonLink>
        ) : (
          <ButtonLink to="/" color="primary" variant="solid">
            ホームへ戻る
          </ButtonLink>
        )
      }
    />
  );
}
