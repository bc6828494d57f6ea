import type { ReactNode } from 'react';

/** What a list filter (src/shared/list/filters.tsx) takes: undefined for "all". */
export interface FilterControlProps {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}

/**
 * A list filter used as an antd form control: Form.Item passes value and onChange; the form
 * keeps null for "none chosen", the filter undefined.
 */
export function FilterControl({
  value,
  onChange,
  render,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  render: (props: FilterControlProps) => ReactNode;
}) {
  return render({ value: value ?? undefined, onChange: (next) => onChange?.(next ?? null) });
}
