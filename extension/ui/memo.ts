import { Component, type ComponentType, type FunctionComponent, h } from 'preact';

/**
 * The component drawn again only when a prop changed (compared by identity), like React's `memo`, which
 * Preact has only in preact/compat. The review's file rows use it: while 50 files are planned a slice at
 * a time, or one box is ticked, the rows and diffs that did not change are not rebuilt.
 */
export function memo<P extends object>(render: FunctionComponent<P>): ComponentType<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const prev = this.props as Record<string, unknown>;
      const now = next as Record<string, unknown>;
      const keys = Object.keys(now);
      return keys.length !== Object.keys(prev).length || keys.some((k) => !Object.is(prev[k], now[k]));
    }
    override render(props: P) {
      return h(render, props);
    }
  }
  return Memo as ComponentType<P>;
}
