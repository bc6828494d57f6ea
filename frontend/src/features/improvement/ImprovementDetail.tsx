import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Flex, Input, Skeleton, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { PhotoField } from '@/features/checks/answer/PhotoField';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { useOrganizationId, useOrganizationOptions } from '@/features/masters/common/session';
import { NPS_COLORS, segmentOf } from '@/features/surveys/results/colors';
import { DatePicker } from '@/shared/dates/pickers';
import { QueryError } from '@/shared/feedback/QueryError';
import { PhotoStrip } from '@/shared/photo/PhotoStrip';
import { ACTIONS, dateText, dateTimeText, EVENT_LABELS, periodText, SIDE_LABELS, SOURCE_LABELS } from './format';
import { AssigneePicker } from './AssigneePicker';
import { useImprovementMutations } from './mutations';
import { DueText, StatusTag } from './parts';
import { improvementDetailQuery } from './queries';
import type { ImprovementAction, ImprovementDetail as Detail, ImprovementEvent, ImprovementSource } from './types';

/** How many photos one entry of the thread takes (the server's limit). */
const MAX_PHOTOS = 10;

interface Props {
  improvementId: number;
  /** On a phone: the way back to the list. */
  backLink?: React.ReactNode;
}

/** One report: its source as it was, the thread, and what I may do now. */
export function ImprovementDetail({ improvementId, backLink }: Props) {
  const organizationId = useOrganizationId();
  const detail = useQuery(improvementDetailQuery(organizationId, improvementId));
  const { read } = useImprovementMutations();

  // Opening a report reads it to its latest event (once per new event).
  const unreadAt = detail.data?.improvement.isUnread ? detail.data.eventList.length : null;
  const markRead = read.mutate;
  useEffect(() => {
    if (unreadAt !== null) markRead(improvementId);
  }, [unreadAt, improvementId, markRead]);

  if (detail.isPending) return <Skeleton active aria-label="改善報告を読み込み中" />;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  const r = d.improvement;
  return (
    <Flex vertical gap="middle" aria-label="改善報告の詳細" role="region">
      {backLink}
      <Card size="small">
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="start" gap="small" wrap>
            <Typography.Title level={4} style={{ margin: 0, flex: '1 1 240px' }}>
              {r.subject}
            </Typography.Title>
            <StatusTag report={r} />
          </Flex>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="店舗">
              {r.facilityName}（{r.groupName}）
            </Descriptions.Item>
            <Descriptions.Item label="発生元">{SOURCE_LABELS[r.sourceKind]}</Descriptions.Item>
            <Descriptions.Item label="期限">
              <DueText report={r} />
            </Descriptions.Item>
            <Descriptions.Item label="最終更新">{dateTimeText(r.contentModifyDate)}</Descriptions.Item>
            {r.assigneeName && <Descriptions.Item label="担当者">{r.assigneeName}</Descriptions.Item>}
            <Descriptions.Item label="相手側">{r.isTargetUnread ? '未読' : '既読'}</Descriptions.Item>
          </Descriptions>
        </Flex>
      </Card>
      <SourceCard source={d.source} organizationId={organizationId} />
      <Card size="small" title="経過">
        <Thread events={d.eventList} organizationId={organizationId} />
      </Card>
      {d.side === 'OFFICE' && r.status !== 'COMPLETED' && <ManageCard detail={d} />}
      {d.actionList.length > 0 && <ActionForm key={r.version} detail={d} />}
    </Flex>
  );
}

function SourceCard({ source, organizationId }: { source: ImprovementSource; organizationId: number }) {
  if (source.kind === 'SURVEY') {
    return (
      <Card size="small" title={`アンケート「${source.surveyName ?? ''}」の回答`}>
        {source.npsScore !== undefined && (
          <Typography.Paragraph>
            おすすめ度 <Tag color={NPS_COLORS[segmentOf(source.npsScore)]}>{source.npsScore}</Tag>
          </Typography.Paragraph>
        )}
        <Descriptions size="small" column={1} bordered>
          {source.surveyValueList.map((value, index) => (
            <Descriptions.Item key={index} label={value.question}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{value.answer}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
    );
  }
  if (!source.question) {
    return (
      <Card size="small" title="発生元">
        <Typography.Text type="secondary">本部が作成した改善報告です。</Typography.Text>
      </Card>
    );
  }
  return (
    <Card size="small" title={`チェック「${source.checkListMasterName ?? ''}」の回答`}>
      <Flex vertical gap={4}>
        {source.fromDate && source.toDate && (
          <Typography.Text type="secondary">期間 {periodText(source.fromDate, source.toDate)}</Typography.Text>
        )}
        <Typography.Text type="secondary">{source.categoryName}</Typography.Text>
        <Typography.Text strong>{source.question}</Typography.Text>
        <Flex gap={4} wrap>
          <Tag color="error" style={{ fontSize: 14 }}>
            回答: {source.choice}
            {source.score !== undefined && `（${source.score}点）`}
          </Tag>
          {source.photoRequired && <Tag>報告に写真必須</Tag>}
        </Flex>
        {source.comment && (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
            <Typography.Text type="secondary">コメント: </Typography.Text>
            {source.comment}
          </Typography.Paragraph>
        )}
        <PhotoStrip photoIds={source.photoIdList} organizationId={organizationId} label={source.question} />
      </Flex>
    </Card>
  );
}

function Thread({ events, organizationId }: { events: ImprovementEvent[]; organizationId: number }) {
  return (
    <Timeline
      items={events.map((event) => ({
        key: event.seq,
        color: event.kind === 'SENT_BACK' ? 'red' : event.kind === 'COMPLETED' ? 'green' : event.side === 'STORE' ? 'blue' : 'gray',
        children: (
          <Flex vertical gap={2} aria-label={`${EVENT_LABELS[event.kind]} ${event.userName}`}>
            <Flex gap={6} wrap align="baseline">
              <Tag>{EVENT_LABELS[event.kind]}</Tag>
              <Typography.Text strong>{event.userName || 'システム'}</Typography.Text>
              <Typography.Text type="secondary">（{SIDE_LABELS[event.side]}）</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {dateTimeText(event.createDate)}
              </Typography.Text>
            </Flex>
            {event.kind === 'DUE_DATE_CHANGED' && event.dueDate && <Typography.Text>期限を {dateText(event.dueDate)} に変更</Typography.Text>}
            {event.kind === 'ASSIGNEE_CHANGED' && <Typography.Text>担当者: {event.text}</Typography.Text>}
            {event.kind !== 'ASSIGNEE_CHANGED' && event.text && (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{event.text}</Typography.Paragraph>
            )}
            <PhotoStrip photoIds={event.photoIdList} organizationId={organizationId} label={EVENT_LABELS[event.kind]} size={80} />
          </Flex>
        ),
      }))}
    />
  );
}

/** Head office moves the due date and gives the report to someone (each change is an event). */
function ManageCard({ detail }: { detail: Detail }) {
  const { update } = useImprovementMutations();
  const toasts = useMasterToasts();
  const [error, setError] = useState<string | undefined>();
  const r = detail.improvement;
  const change = (fields: { dueDate: string } | { assigneeUserId: number }) => {
    setError(undefined);
    void update.mutateAsync({ improvementId: r.improvementId, ...fields, version: r.version }).then((outcome) => {
      toasts.outcome(outcome);
      if (!outcome.ok) setError(outcome.failure.fieldErrors?.assigneeUserId ?? outcome.failure.fieldErrors?.dueDate);
    });
  };
  return (
    <Card size="small" title="期限・担当者">
      <Flex vertical gap="small">
        <Flex gap="small" wrap align="center">
          <DatePicker
            aria-label="期限を変更"
            allowClear={false}
            value={dayjs(r.dueDate)}
            disabled={update.isPending}
            onChange={(value) => {
              if (value) change({ dueDate: value.format('YYYY-MM-DD') });
            }}
          />
          <AssigneePicker
            improvementId={r.improvementId}
            value={r.assigneeUserId !== undefined ? { userId: r.assigneeUserId, name: r.assigneeName ?? '' } : undefined}
            disabled={update.isPending}
            onChange={(userId) => {
              change({ assigneeUserId: userId ?? 0 }); // 0 removes the assignee
            }}
          />
        </Flex>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Flex>
    </Card>
  );
}

/** The reply, comment, send-back, completion or reopening, with the text and photos it carries. */
function ActionForm({ detail }: { detail: Detail }) {
  const { act } = useImprovementMutations();
  const toasts = useMasterToasts();
  const options = useOrganizationOptions();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<number[]>([]);
  const [busy, setBusy] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const r = detail.improvement;
  const takesPhotos = detail.actionList.includes('REPLY') || detail.actionList.includes('COMMENT');
  const photoNeeded = detail.side === 'STORE' && detail.source.photoRequired && detail.actionList.includes('REPLY');

  const run = async (action: ImprovementAction) => {
    if (ACTIONS[action].reason && text.trim() === '') {
      setErrors({ text: '理由を入力してください。' });
      return;
    }
    const outcome = await act.mutateAsync({
      improvementId: r.improvementId,
      action,
      text,
      photoIdList: action === 'REPLY' || action === 'COMMENT' ? photos : [],
      version: r.version,
    });
    if (!outcome.ok) {
      setErrors(outcome.failure.fieldErrors ?? {});
      if (outcome.failure.code === 409) toasts.conflict(outcome, () => undefined);
      else toasts.outcome(outcome);
      return;
    }
    toasts.outcome(outcome);
  };

  return (
    <Card size="small" title={detail.side === 'STORE' ? '改善の報告・コメント' : '確認・コメント'}>
      <Flex vertical gap="small">
        {photoNeeded && <Alert type="info" showIcon title="改善の報告には写真を1枚以上添付してください。" />}
        <Flex vertical gap={2}>
          <label htmlFor="improvement-text">コメント・理由</label>
          <Input.TextArea
            id="improvement-text"
            value={text}
            maxLength={2000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            {...(errors.text ? { status: 'error' as const } : {})}
            onChange={(event) => {
              setText(event.target.value);
              setErrors((current) => withoutField(current, 'text'));
            }}
          />
          {errors.text && <Typography.Text type="danger">{errors.text}</Typography.Text>}
        </Flex>
        {takesPhotos && (
          <Flex vertical gap={2}>
            <PhotoField
              label="報告"
              photoIds={photos}
              required={photoNeeded}
              allowLibrary={options.data?.allowPhotoLibrary ?? true}
              disabled={act.isPending}
              max={MAX_PHOTOS}
              onAdd={(photoId) => {
                setPhotos((current) => [...current, photoId]);
                setErrors((current) => withoutField(current, 'photoIdList'));
              }}
              onRemove={(photoId) => {
                setPhotos((current) => current.filter((id) => id !== photoId));
              }}
              onBusyChange={setBusy}
            />
            {errors.photoIdList && <Typography.Text type="danger">{errors.photoIdList}</Typography.Text>}
          </Flex>
        )}
        <Flex gap="small" wrap justify="end">
          {detail.actionList.map((action) => (
            <Button
              key={action}
              type={ACTIONS[action].primary ? 'primary' : 'default'}
              danger={action === 'SEND_BACK'}
              loading={act.isPending && act.variables.action === action}
              disabled={busy > 0 || act.isPending}
              onClick={() => void run(action)}
            >
              {ACTIONS[action].label}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Card>
  );
}

/** The errors less one field's (the user has just changed it). */
function withoutField(errors: Record<string, string>, field: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}

/** The phone's way back to the list, keeping its filters. */
export function BackToList({ search }: { search: Record<string, unknown> }) {
  return (
    <Link to="/improvement/{-$improvementId}" params={{ improvementId: undefined }} search={search}>
      <ArrowLeftOutlined /> 一覧へ戻る
    </Link>
  );
}
