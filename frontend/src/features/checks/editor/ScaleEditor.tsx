import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Segmented, Typography } from 'antd';
import { IntegerInput } from '@/shared/form/IntegerInput';
import { MAX_CHOICES, MIN_CHOICES, nextChoice, presetChoices, presetOf, SCALE_PRESETS } from './model';
import { MAX_CHOICE_LABEL } from './schema';

/** A choice as the form holds it (a cleared score is null until the user types one). */
export interface ChoiceValue {
  label: string;
  score: number | null;
  bad: boolean;
}

interface Props {
  value?: ChoiceValue[];
  onChange?: (value: ChoiceValue[]) => void;
  /** Names the scale for assistive technology: 'カテゴリ1 項目2の選択肢'. */
  label: string;
  id?: string;
  disabled?: boolean;
}

const CUSTOM = 'custom';

/**
 * An item's scale: a preset (○/△/× with 2/1/0 points, × bad; 1〜5 with 1 and 2 bad) or choices of
 * one's own, each with a name, a score and whether it counts as a bad result.
 */
export function ScaleEditor({ value = [], onChange, label, id, disabled = false }: Props) {
  const preset = presetOf(value.map((choice) => ({ ...choice, score: choice.score ?? Number.NaN })));
  const change = (next: ChoiceValue[]) => {
    onChange?.(next);
  };
  const update = (index: number, patch: Partial<ChoiceValue>) => {
    change(value.map((choice, at) => (at === index ? { ...choice, ...patch } : choice)));
  };
  return (
    <Flex vertical gap={8} id={id} role="group" aria-label={label}>
      <Segmented<string>
        size="small"
        aria-label={`${label}の種類`}
        disabled={disabled}
        value={preset?.key ?? CUSTOM}
        options={[...SCALE_PRESETS.map((entry) => ({ value: entry.key, label: entry.label })), { value: CUSTOM, label: 'カスタム' }]}
        onChange={(key) => {
          // "カスタム" keeps the choices as they are, to be edited freely.
          if (key !== CUSTOM) change(presetChoices(key));
        }}
        style={{ alignSelf: 'flex-start' }}
      />
      <Flex vertical gap={4}>
        <Flex gap={8} aria-hidden style={{ fontSize: 12 }}>
          <Typography.Text type="secondary" style={{ flex: '1 1 0', minWidth: 64 }}>
            選択肢名
          </Typography.Text>
          <Typography.Text type="secondary" style={{ width: 72 }}>
            点数
          </Typography.Text>
          <Typography.Text type="secondary" style={{ width: 56 }}>
            不良
          </Typography.Text>
          <span style={{ width: 24 }} />
        </Flex>
        {value.map((choice, index) => (
          // Choices have no id; their position is their identity while editing.
          <Flex key={index} gap={8} align="center">
            <Input
              size="small"
              aria-label={`${label} ${index + 1}の名前`}
              value={choice.label}
              maxLength={MAX_CHOICE_LABEL}
              disabled={disabled}
              onChange={(event) => {
                update(index, { label: event.target.value });
              }}
              style={{ flex: '1 1 0', minWidth: 64 }}
            />
            <IntegerInput
              size="small"
              aria-label={`${label} ${index + 1}の点数`}
              value={choice.score}
              min={-999}
              max={999}
              disabled={disabled}
              onChange={(score) => {
                update(index, { score });
              }}
              style={{ width: 72 }}
            />
            <Checkbox
              aria-label={`${label} ${index + 1}を不良とする`}
              checked={choice.bad}
              disabled={disabled}
              onChange={(event) => {
                update(index, { bad: event.target.checked });
              }}
              style={{ width: 56 }}
            />
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={`${label} ${index + 1}を削除`}
              title="選択肢を削除"
              disabled={disabled || value.length <= MIN_CHOICES}
              onClick={() => {
                change(value.filter((_, at) => at !== index));
              }}
              style={{ width: 24 }}
            />
          </Flex>
        ))}
      </Flex>
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled || value.length >= MAX_CHOICES}
        onClick={() => {
          change([...value, { ...nextChoice(value.map((choice) => ({ ...choice, score: choice.score ?? 0 }))) }]);
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        選択肢を追加
      </Button>
    </Flex>
  );
}
