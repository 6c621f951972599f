import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteFallback } from './RemoteFallback';

interface Props {
  title: string;
  /** Reloads the remote: a crashed lazy screen keeps its rejected import until its module is loaded afresh. */
  onRetry: () => Promise<void>;
  /** Changing it (e.g. on navigation) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

/** Third layer of remote failure handling: a render error inside a remote stays inside its area. */
export class RemoteBoundary extends Component<Props, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: string }) {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[aide] ${this.props.title} crashed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <RemoteFallback
          title={this.props.title}
          onRetry={async () => {
            await this.props.onRetry();
            this.setState({ error: null });
          }}
        />
      );
    }
    return this.props.children;
  }
}
