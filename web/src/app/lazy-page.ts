import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page that loads with its route: each page, and any library only it uses (hls.js, dnd-kit),
 * is its own chunk, so the first screen downloads the shell and that one page.
 */
export function lazyPage<Name extends string>(load: () => Promise<{ [Key in NoInfer<Name>]: ComponentType }>, name: Name): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
