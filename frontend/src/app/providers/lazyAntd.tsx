import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PropsOf } from '@/lib/lazyNamed';

/**
 * React.lazy for a component, exported by name, that draws with antd: it loads with antd's theme and
 * locale (AntdProviders) and is rendered inside them. Everything the first chunk shows that uses antd
 * comes through here, so antd is never in the first chunk and never drawn without the app theme.
 * `fallback` is drawn instead if the code cannot be loaded (the line dropped) where showing nothing
 * would leave the user stuck. `preload()` fetches the code without rendering.
 */
export function lazyAntd<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  fallback?: ComponentType<PropsOf<Module[Name]>>,
): LazyExoticComponent<ComponentType<PropsOf<Module[Name]>>> & { preload: () => Promise<unknown> } {
  type Props = PropsOf<Module[Name]>;
  const loaded = async (): Promise<{ default: ComponentType<Props> }> => {
    const [module, { AntdProviders }] = await Promise.all([load(), import('./AntdProviders')]);
    const Component = module[name] as ComponentType<Props>;
    function WithAntd(props: Props) {
      return (
        <AntdProviders>
          <Component {...(props as Props & object)} />
        </AntdProviders>
      );
    }
    WithAntd.displayName = `Antd(${String(name)})`;
    return { default: WithAntd };
  };
  const component = lazy(fallback ? () => loaded().catch(() => ({ default: fallback })) : loaded);
  // Fetches the code ahead of the first render (the shell while the sign-in screen shows).
  const preload = () => Promise.all([load(), import('./AntdProviders')]);
  return Object.assign(component, { preload });
}
