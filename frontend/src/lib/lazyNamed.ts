import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The props of a component type. */
export type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * React.lazy for a component a module exports by name (React.lazy wants a default export): the
 * module becomes a chunk of its own, loaded when the component first renders.
 */
export function lazyNamed<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType<PropsOf<Module[Name]>>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<Module[Name]>> }));
}
