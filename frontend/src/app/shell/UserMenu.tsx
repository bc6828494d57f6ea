import { BellOutlined, DownOutlined, KeyOutlined, LogoutOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Typography } from 'antd';
import { useRef } from 'react';
import type { LoginUser } from '@/lib/api/types';

interface Props {
  user: LoginUser;
  compact: boolean;
  onChangePassword: () => void;
  onNotifications: () => void;
  onSupport: () => void;
  onLogout: () => void;
}

/** docs/product/shell.md: name and account, then change password, notification settings, support and logout. */
export function UserMenu({ user, compact, onChangePassword, onNotifications, onSupport, onLogout }: Props) {
  const name = `${user.lastName} ${user.firstName}`;
  // A dialog returns focus to what had it when it opened: the menu's item is gone by then, so the
  // menu's button takes focus first, and a keyboard user closing the dialog is back where they were.
  const button = useRef<HTMLButtonElement>(null);
  const fromButton = (open: () => void) => () => {
    button.current?.focus();
    open();
  };
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'who',
            type: 'group',
            label: (
              <Flex vertical>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">{user.userAccount}</Typography.Text>
              </Flex>
            ),
          },
          { type: 'divider' },
          { key: 'password', icon: <KeyOutlined />, label: 'パスワード変更', onClick: fromButton(onChangePassword) },
          { key: 'notifications', icon: <BellOutlined />, label: '通知設定', onClick: fromButton(onNotifications) },
          { key: 'support', icon: <QuestionCircleOutlined />, label: 'サポート', onClick: fromButton(onSupport) },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: 'ログアウト', onClick: onLogout },
        ],
      }}
    >
      <Button ref={button} type="text" aria-label="ユーザーメニュー" style={{ color: 'inherit' }} icon={<UserOutlined />}>
        {compact ? null : (
          <>
            {name}
            <DownOutlined />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
