import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A master screen: its title with the screen's actions beside it (wrapping on a phone). */
export function MasterPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {actions && (
          <Flex gap="small" wrap>
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </section>
  );
}
