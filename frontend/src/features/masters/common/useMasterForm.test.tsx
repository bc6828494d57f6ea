import { screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ApiOutcome } from '@/lib/api/outcome';
import { renderWithProviders } from '@/test/renderWithProviders';
import { setupUser } from '../testing';
import { useMasterForm } from './useMasterForm';

const schema = z.object({ name: z.string(), code: z.string() });
type Values = z.input<typeof schema>;

const refused: ApiOutcome<null> = {
  ok: false,
  failure: { code: 400, message: '不正な入力値があります。各入力項目を確認してください。', fieldErrors: { name: '同じ名前がすでにあります。' } },
  toast: { kind: 'error', text: '不正な入力値があります。各入力項目を確認してください。(エラーコード:400)' },
};
const saved: ApiOutcome<null> = { ok: true, data: null, toast: null };

/** A form whose fields have no rules of their own: only the server speaks under them. */
function RuleLessForm({ save }: { save: () => Promise<ApiOutcome<null>> }) {
  const { formProps } = useMasterForm({ schema, save, onSaved: () => undefined });
  return (
    <Form<Values> {...formProps} initialValues={{ name: '本部', code: '' }}>
      <Form.Item name="name" label="名前">
        <Input />
      </Form.Item>
      <Form.Item name="code" label="コード">
        <Input />
      </Form.Item>
      <Button htmlType="submit">送信</Button>
    </Form>
  );
}

describe('the server\'s field errors', { timeout: 30_000 }, () => {
  it('go away when their field changes, and all of them after a save', async () => {
    const save = vi.fn<() => Promise<ApiOutcome<null>>>().mockResolvedValueOnce(refused).mockResolvedValueOnce(refused).mockResolvedValue(saved);
    const user = setupUser();
    renderWithProviders(<RuleLessForm save={save} />);
    await user.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByText('同じ名前がすでにあります。')).toBeInTheDocument();
    // Another field's edit leaves it: it still speaks of the name.
    await user.type(screen.getByLabelText('コード'), 'A');
    expect(screen.getByText('同じ名前がすでにあります。')).toBeInTheDocument();
    await user.type(screen.getByLabelText('名前'), '2');
    await waitFor(() => {
      expect(screen.queryByText('同じ名前がすでにあります。')).not.toBeInTheDocument();
    });

    await user.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByText('同じ名前がすでにあります。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '送信' }));
    await waitFor(() => {
      expect(screen.queryByText('同じ名前がすでにあります。')).not.toBeInTheDocument();
    });
    expect(save).toHaveBeenCalledTimes(3);
  });
});
