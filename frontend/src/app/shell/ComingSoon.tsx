import { Typography } from 'antd';

/** Stands in for a screen that is not built yet, so every route of docs/product/shell.md already resolves. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">この画面は準備中です。</Typography.Paragraph>
    </section>
  );
}
