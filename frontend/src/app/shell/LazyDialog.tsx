import { Suspense, useState, type ComponentType } from 'react';

/**
 * Mounts a dialog loaded on demand once it was first opened, and keeps it mounted afterwards
 * (so its closing animation plays). Dialogs are a separate chunk: most visits never open them.
 */
export function LazyDialog<P extends { open: boolean }>({ component: Dialog, ...props }: P & { component: ComponentType<P> }) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...(props as unknown as P)} />
    </Suspense>
  );
}
