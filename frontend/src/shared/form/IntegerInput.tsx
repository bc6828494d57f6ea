import { InputNumber, type InputNumberProps } from 'antd';
import { normalizeNumber } from '@/lib/validation/normalize';

/**
 * antd's InputNumber reads only ASCII digits: '１２' typed with the input method on came out empty.
 * Its parser here folds what was typed first (normalizeNumber). The parser's type says number;
 * InputNumber reads the string it gets the same way, and an empty one as no number (Number('')
 * would be 0).
 */
const parseTyped = (text: string | undefined) => normalizeNumber(text ?? '') as unknown as number;

/**
 * A whole-number field of the editors: antd's InputNumber with precision 0 that reads full-width
 * input. `min` and `max` are told to assistive technology only: antd would clamp a number outside
 * them when the field loses focus, so 99 typed for at most 31 days was saved as 31 without a word.
 * The form's schema refuses it with its message instead, and what was typed stays to be corrected.
 */
export function IntegerInput({ min, max, ...props }: Omit<InputNumberProps<number>, 'parser' | 'precision'>) {
  return <InputNumber<number> precision={0} {...props} aria-valuemin={min} aria-valuemax={max} parser={parseTyped} />;
}
