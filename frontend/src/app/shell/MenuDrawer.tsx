import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { DRAWER_WIDTH } from './layout';

/** The side menu on a phone, in a drawer from the left; loaded when first opened (LazyDialog). */
export function MenuDrawer({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={DRAWER_WIDTH} title={title} styles={{ body: { padding: 0 } }}>
      {children}
    </Drawer>
  );
}
