import { Button, Card, Flex, Input, Switch, Tag, Typography, theme } from 'antd';
import { memo, useId } from 'react';
import type { SheetItem } from './api';
import { PhotoField } from './PhotoField';
import { MAX_COMMENT, type ItemDraft } from './sheetState';
import { TEXTS } from './texts';

interface Props {
  item: SheetItem;
  /** Its number on the sheet, from 1. */
  number: number;
  draft: ItemDraft;
  /** The server's refusal of this item (unanswered, photo missing …). */
  error: string | undefined;
  readOnly: boolean;
  allowLibrary: boolean;
  onChange: (itemId: number, change: (draft: ItemDraft) => ItemDraft) => void;
  onBusyChange: (itemId: number, running: number) => void;
}

/**
 * One item of the sheet: the question, its explanation and marks, the choices of its scale as
 * big buttons (tapping the chosen one again takes the choice back), the inapplicable switch when
 * the item allows it, the comment and the photos.
 */
export const AnswerItem = memo(function AnswerItem({
  item,
  number,
  draft,
  error,
  readOnly,
  allowLibrary,
  onChange,
  onBusyChange,
}: Props) {
  const { token } = theme.useToken();
  const commentId = useId();
  const switchId = useId();
  const itemId = item.itemId;
  const update = (change: (draft: ItemDraft) => ItemDraft) => {
    onChange(itemId, change);
  };
  // An answer saved against an older version of the item keeps its own label.
  const choices = item.choiceList.some((choice) => choice.label === draft.choice) || draft.choice === ''
    ? item.choiceList
    : (item.answeredAs?.choiceList ?? item.choiceList);

  return (
    <Card
      size="small"
      id={`item-${itemId}`}
      role="region"
      aria-label={item.question}
      style={error ? { borderColor: token.colorError, boxShadow: `0 0 0 1px ${token.colorError}` } : {}}
      styles={{ body: { padding: 16 } }}
    >
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <Flex gap="small" align="baseline" wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {number}. {item.question}
            </Typography.Text>
            {item.photoRequired && (
              <Tag color="red" style={{ marginInlineEnd: 0 }}>
                {TEXTS.photoRequired}
              </Tag>
            )}
          </Flex>
          {item.explanation && <Typography.Text type="secondary">{item.explanation}</Typography.Text>}
        </Flex>

        <Flex wrap gap={8} role="group" aria-label={TEXTS.choices}>
          {choices.map((choice) => {
            const chosen = !draft.inapplicable && draft.choice === choice.label;
            const tone = choice.bad ? token.colorError : token.colorPrimary;
            // A submitted sheet disables every button; the chosen one must still stand out.
            const shownChosen = readOnly && chosen ? { color: tone, borderColor: tone, borderWidth: 2, fontWeight: 700 } : {};
            return (
              <Button
                key={choice.label}
                size="large"
                type={chosen ? 'primary' : 'default'}
                danger={chosen && choice.bad}
                aria-pressed={chosen}
                disabled={readOnly || draft.inapplicable}
                style={{ minWidth: 64, height: 52, fontSize: 20, flex: '1 0 auto', maxWidth: 120, ...shownChosen }}
                onClick={() => {
                  update((current) => ({ ...current, choice: current.choice === choice.label ? '' : choice.label }));
                }}
              >
                {choice.label}
              </Button>
            );
          })}
        </Flex>

        {item.inapplicableAllowed && (
          <Flex align="center" gap="small">
            <Switch
              id={switchId}
              checked={draft.inapplicable}
              disabled={readOnly}
              onChange={(checked) => {
                update((current) => ({ ...current, inapplicable: checked, choice: checked ? '' : current.choice }));
              }}
            />
            <label htmlFor={switchId}>{TEXTS.inapplicable}</label>
          </Flex>
        )}

        <Flex vertical gap={4}>
          <label htmlFor={commentId}>{TEXTS.comment}</label>
          <Input.TextArea
            id={commentId}
            value={draft.comment}
            disabled={readOnly}
            maxLength={MAX_COMMENT}
            showCount={!readOnly && draft.comment.length > MAX_COMMENT * 0.8}
            autoSize={{ minRows: 1, maxRows: 6 }}
            onChange={(event) => {
              const comment = event.target.value;
              update((current) => ({ ...current, comment }));
            }}
          />
        </Flex>

        {(item.photoRequired || draft.photoIds.length > 0 || !readOnly) && (
          <Flex vertical gap={4}>
            <Typography.Text>
              {TEXTS.photos}
              {item.photoRequired && (
                <Typography.Text type="danger" aria-label="必須" style={{ marginInlineStart: 4 }}>
                  *
                </Typography.Text>
              )}
            </Typography.Text>
            <PhotoField
              label={item.question}
              photoIds={draft.photoIds}
              required={item.photoRequired && !draft.inapplicable}
              allowLibrary={allowLibrary}
              disabled={readOnly}
              onAdd={(photoId) => {
                update((current) => ({ ...current, photoIds: [...current.photoIds, photoId] }));
              }}
              onRemove={(photoId) => {
                update((current) => ({ ...current, photoIds: current.photoIds.filter((id) => id !== photoId) }));
              }}
              onBusyChange={(running) => {
                onBusyChange(itemId, running);
              }}
            />
          </Flex>
        )}

        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
});
