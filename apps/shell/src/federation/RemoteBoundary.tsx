import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteFallback } from './RemoteFallback';

interface Props {
  title: string;
  /** Reloads the remote: a crashed lazy screen keeps its rejected import until its module is loaded afresh. */
  onRetry: () => Promise<void>;
  /** Changing it (e.g. on navigation) clears a caught error. */
  resetKey: string;
  children: ReactNode;
  /** What shows instead of the crashed part; a screen's full-page fallback by default. */
  fallback?: (retry: () => Promise<void>) => ReactNode;
}

/**
 * Third layer of remote failure handling: a render error inside a remote stays inside its area (a
 * screen, a dashboard widget or a slot fill).
 */
export class RemoteBoundary extends Component<Props, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: string }) {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // For developers, in the console: not translated.
    const where = `[aide] ${this.props.title} crashed`;
    console.error(where, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      const retry = async () => {
        await this.props.onRetry();
        this.setState({ error: null });
      };
      return this.props.fallback ? (
        this.props.fallback(retry)
      ) : (
        <RemoteFallback title={this.props.title} onRetry={retry} />
      );
    }
    return this.props.children;
  }
}
