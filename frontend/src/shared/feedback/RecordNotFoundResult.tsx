import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Result } from 'antd';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { useParentList } from '@/features/masters/common/navigation';
import { loginUserQueryOptions } from '@/features/session/queries';
import { mayOpen } from '@/lib/auth/roles';
import { LIST_SCREENS, loadSearchState, type ListScreen } from '@/lib/routing/searchState';
import { notFoundText } from './errorText';
import './result.css';
import { BACK_TO_LIST, NOT_FOUND_HINT } from './texts';

/** RecordNotFound's screen (RecordNotFound.tsx loads it when needed). */
export function RecordNotFoundResult({ error }: { error: unknown }) {
  const list = useOpenableList(useParentList());
  return (
    <Result
      className="rouder-notice"
      status="warning"
      title={notFoundText(error)}
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

/**
 * The list, when the user may open it: by its route's role, the rule of the menu and the route guard
 * (an organization administrator's own organization has no list they may use). Null sends them home.
 */
function useOpenableList(list: ListScreen | null): ListScreen | null {
  const router = useRouter();
  const { data: roles = [] } = useQuery({ ...loginUserQueryOptions, select: (user) => user?.roleList ?? [] });
  if (list === null) return null;
  return mayOpen(roles, router.routesById[LIST_SCREENS[list]].options.staticData?.role) ? list : null;
}
