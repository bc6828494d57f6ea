import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useToasts } from '@/app/feedback/useToasts';
import { QueryError } from '@/shared/feedback/QueryError';
import { notificationKeys, notificationSettingQuery, removeSubscription, saveChannels, type NotificationSetting } from './api';
import { currentSubscription, PushError, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from './push';

/**
 * The signed-in user's notifications: mail and push on or off, and this browser registered for
 * push or not. The user menu's dialog and the store's check page both show it.
 */
export function NotificationSettingsPanel() {
  const setting = useQuery(notificationSettingQuery);
  if (setting.isError) return <QueryError error={setting.error} onRetry={() => void setting.refetch()} />;
  if (!setting.data) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  return <Panel setting={setting.data} />;
}

/** This browser's push endpoint, or null when it has no subscription. */
const THIS_BROWSER_KEY = ['notifications', 'thisBrowser'] as const;

function Panel({ setting }: { setting: NotificationSetting }) {
  const client = useQueryClient();
  const toasts = useToasts();
  const [problem, setProblem] = useState<string | null>(null);
  const supported = pushSupported();
  const thisBrowser = useQuery({
    queryKey: THIS_BROWSER_KEY,
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    enabled: supported,
  });
  // Only this browser can be released here: its subscription must be one the server has for this
  // user (another device's registration is no reason to offer it).
  const registeredHere = typeof thisBrowser.data === 'string' && setting.endpoints.includes(thisBrowser.data);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: notificationKeys.mine }),
      client.invalidateQueries({ queryKey: THIS_BROWSER_KEY }),
    ]);
  const channels = useMutation({
    mutationFn: saveChannels,
    onSuccess: (outcome) => {
      toasts.outcome(outcome);
      void refresh();
    },
  });
  const browser = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) {
        await subscribeThisBrowser(setting.vapidPublicKey);
        if (!setting.push) await saveChannels({ mail: setting.mail, push: true });
        return 'この端末で通知を受け取ります。';
      }
      const endpoint = await unsubscribeThisBrowser();
      if (!endpoint) throw new PushError('この端末は通知を受け取る登録がされていません。');
      await removeSubscription(endpoint);
      return 'この端末の通知を解除しました。';
    },
    onMutate: () => {
      setProblem(null);
    },
    onSuccess: (text) => {
      toasts.toast({ kind: 'success', text });
      void refresh();
    },
    onError: (error) => {
      setProblem(error instanceof PushError ? error.message : 'この端末の通知を変更できませんでした。');
    },
  });
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="middle">
        <Flex vertical>
          <Typography.Text strong id="notify-mail">メールで受け取る</Typography.Text>
          <Typography.Text type="secondary">
            {setting.mailAddress ? setting.mailAddress : 'メールアドレスが登録されていないため、メールは届きません。'}
          </Typography.Text>
        </Flex>
        <Switch
          aria-labelledby="notify-mail"
          checked={setting.mail}
          disabled={!setting.mailAddress}
          loading={channels.isPending}
          onChange={(mail) => {
            channels.mutate({ mail, push: setting.push });
          }}
        />
      </Flex>
      <Flex justify="space-between" align="center" gap="middle">
        <Flex vertical>
          <Typography.Text strong id="notify-push">プッシュ通知で受け取る</Typography.Text>
          <Typography.Text type="secondary">
            {setting.subscriptions > 0 ? `登録済みの端末: ${String(setting.subscriptions)}台` : '登録済みの端末はありません。'}
          </Typography.Text>
        </Flex>
        <Switch
          aria-labelledby="notify-push"
          checked={setting.push}
          loading={channels.isPending}
          onChange={(push) => {
            channels.mutate({ mail: setting.mail, push });
          }}
        />
      </Flex>
      {supported ? (
        <Flex gap="small" wrap>
          <Button icon={<BellOutlined />} loading={browser.isPending} onClick={() => {
              browser.mutate(true);
            }}>
            この端末で通知を受け取る
          </Button>
          {/* Only when this browser is the registered one: another device's registration is not this one's. */}
          <Button
            loading={browser.isPending}
            disabled={!registeredHere}
            aria-describedby={registeredHere ? undefined : 'notify-this-browser'}
            onClick={() => {
              browser.mutate(false);
            }}
          >
            この端末の通知を解除
          </Button>
          {!registeredHere && !thisBrowser.isPending && (
            <Typography.Text type="secondary" id="notify-this-browser" style={{ flexBasis: '100%' }}>
              この端末は通知を受け取る登録がされていません。
            </Typography.Text>
          )}
        </Flex>
      ) : (
        <Typography.Text type="secondary">
          このブラウザはプッシュ通知に対応していません（iPhoneではホーム画面に追加したときに使えます）。
        </Typography.Text>
      )}
      {problem && <Alert type="warning" showIcon title={problem} />}
      <Typography.Text type="secondary">
        チェックの開始、提出期限前のリマインド、改善報告の期限と期限超過をお知らせします。
      </Typography.Text>
    </Flex>
  );
}

/** The user menu's 通知設定 dialog. */
export function NotificationSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="通知設定" onCancel={onClose} footer={null} destroyOnHidden>
      <NotificationSettingsPanel />
    </Modal>
  );
}
