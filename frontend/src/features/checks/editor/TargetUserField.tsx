import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Flex, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useHasRole, useOrganizationId } from '@/features/masters/common/session';
import { targetUserQuery, targetUserSearchQuery } from './queries';
import type { UserRow } from './types';

interface Props {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  disabled?: boolean;
}

const TYPING_PAUSE_MS = 300;

const userLabel = (user: UserRow) => `${user.lastName} ${user.firstName}(${user.userAccount})`;

/**
 * The target users: none means every user of the target stores answers; otherwise only those
 * named. Searched on the server as the user types (an organization may have 50,000 users).
 */
export function TargetUserField({ value = [], onChange, id, disabled = false }: Props) {
  const organizationId = useOrganizationId();
  const canRead = useHasRole('ROLE_USER_REFERENCE');
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setText(typed.trim());
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);
  const matches = useQuery({ ...targetUserSearchQuery(organizationId, text), enabled: canRead });
  const chosen = useQueries({
    queries: value.map((userId) => ({ ...targetUserQuery(organizationId, userId), enabled: canRead })),
  });

  const options = new Map<number, string>();
  value.forEach((userId, index) => {
    const user = chosen[index]?.data;
    options.set(userId, user ? userLabel(user) : `#${userId}`);
  });
  for (const user of matches.data?.items ?? []) options.set(user.userId, userLabel(user));

  return (
    <Flex vertical gap="small">
      <Select<number[]>
        {...(id === undefined ? {} : { id })}
        mode="multiple"
        aria-label="対象ユーザー"
        value={value}
        onChange={(next) => {
          onChange?.(next);
        }}
        options={[...options].map(([userId, label]) => ({ value: userId, label }))}
        placeholder="指定なし(対象店舗のすべてのユーザー)"
        disabled={disabled || !canRead}
        loading={matches.isFetching}
        allowClear
        showSearch={{ filterOption: false, onSearch: setTyped }}
        onOpenChange={(open) => {
          if (!open) setTyped('');
        }}
        notFoundContent={matches.isFetching ? '検索中…' : '該当するユーザーはいません'}
        style={{ width: '100%' }}
      />
      <Typography.Text type="secondary">
        {value.length === 0
          ? '指定しない場合、対象店舗のすべてのユーザーが回答できます。'
          : `指定した${value.length}人だけが回答できます。`}
      </Typography.Text>
      {!canRead && (
        <Alert type="info" showIcon title="ユーザーを参照する権限がないため、対象ユーザーは変更できません。" />
      )}
    </Flex>
  );
}
