import { Button } from 'antd';
import { byText, cleanup, click, renderScreen } from '@aide/testing';
import { EmptyState, EmptyText } from './EmptyState';

afterEach(cleanup);

describe('EmptyState', () => {
  it('says what is missing and offers the action', async () => {
    const create = jest.fn();
    renderScreen(<EmptyState description="No tasks yet" action={<Button onClick={create}>Add Task</Button>} />);
    expect(byText('No tasks yet')).toBeTruthy();
    await click(byText('Add Task').closest('button')!);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('shows the description alone when there is no action', () => {
    const { container } = renderScreen(<EmptyState description="Nothing here" />);
    expect(byText('Nothing here')).toBeTruthy();
    expect(container.querySelector('button')).toBeNull();
  });
});

describe('EmptyText', () => {
  it('shows the title in bold and the hint after it', () => {
    const { container } = renderScreen(
      <EmptyState description={<EmptyText title="No documents" hint="Upload one to start." />} />,
    );
    expect(byText('No documents').closest('strong')).not.toBeNull();
    expect(container.textContent).toContain('No documentsUpload one to start.');
  });
});
