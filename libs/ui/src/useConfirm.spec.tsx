import { Button } from 'antd';
import { button, cleanup, click, renderScreen, waitFor } from '@aide/testing';
import { useConfirm, type ConfirmOptions } from './useConfirm';

afterEach(cleanup);

/** A delete button that asks first and records the answer. */
function DeleteButton({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (confirmed: boolean) => void }) {
  const confirm = useConfirm();
  return <Button onClick={() => void confirm(options).then(onAnswer)}>Delete</Button>;
}

const dialog = () => document.querySelector<HTMLElement>('.ant-modal-confirm');

async function ask(options: ConfirmOptions) {
  const onAnswer = jest.fn();
  renderScreen(<DeleteButton options={options} onAnswer={onAnswer} />);
  await click(button('Delete'));
  await waitFor(() => dialog());
  return onAnswer;
}

describe('useConfirm', () => {
  it('asks with the title and content, and answers true on OK', async () => {
    const onAnswer = await ask({ title: 'Delete this task?', content: 'Buy milk', okText: 'Yes, delete' });
    expect(dialog()?.textContent).toContain('Delete this task?');
    expect(dialog()?.textContent).toContain('Buy milk');
    await click(button('Yes, delete'));
    await waitFor(() => onAnswer.mock.calls.length > 0);
    expect(onAnswer).toHaveBeenCalledWith(true);
  });

  it('answers false on Cancel', async () => {
    const onAnswer = await ask({ title: 'Delete this task?', cancelText: 'Keep it' });
    await click(button('Keep it'));
    await waitFor(() => onAnswer.mock.calls.length > 0);
    expect(onAnswer).toHaveBeenCalledWith(false);
  });

  it('makes OK red for a destructive action', async () => {
    await ask({ title: 'Delete this task?', okText: 'Delete it', danger: true });
    expect(button('Delete it').className).toContain('ant-btn-dangerous');
  });

  it('leaves OK in the primary colour otherwise', async () => {
    await ask({ title: 'Archive this task?', okText: 'Archive' });
    expect(button('Archive').className).not.toContain('ant-btn-dangerous');
  });
});
