import { useCallback, type ReactNode } from 'react';
import { App } from 'antd';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** A destructive action: the OK button is red. */
  danger?: boolean;
}

/**
 * Asks the user to confirm, through the shell's antd `<App>` (so the dialog follows the theme).
 * Resolves true on OK, false on Cancel, Escape or the close button.
 */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback(
    ({ title, content, okText, cancelText, danger }: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText,
          cancelText,
          okButtonProps: danger ? { danger: true } : undefined,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
}
