import { act, cleanup, render } from '@aide/testing';
import { DOCUMENT_DRAG_TYPE, startDocumentDrag, useDocumentDrop } from './dragDocument';

afterEach(cleanup);

/** A stand-in for the browser's DataTransfer, which jsdom lacks. */
function dataTransfer(data: Record<string, string> = {}) {
  const store = { ...data };
  return {
    get types() {
      return Object.keys(store);
    },
    getData: (type: string) => store[type] ?? '',
    setData: (type: string, value: string) => {
      store[type] = value;
    },
    effectAllowed: 'none',
    dropEffect: 'none',
  };
}

function drag(
  target: Element,
  type: 'dragenter' | 'dragover' | 'dragleave' | 'drop',
  transfer: ReturnType<typeof dataTransfer>,
) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: transfer });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

/** A folder card: highlighted while a document is held over it. */
function Folder({ onDrop }: { onDrop?: (id: number) => void }) {
  const { over, dropProps } = useDocumentDrop(onDrop);
  return (
    <div data-testid="folder" data-over={over} {...dropProps}>
      <span data-testid="label">Taxes</span>
    </div>
  );
}

const folder = () => document.querySelector('[data-testid="folder"]')!;
const label = () => document.querySelector('[data-testid="label"]')!;

describe('dragging a document onto a folder', () => {
  it('carries the document id, as a move', () => {
    const transfer = dataTransfer();
    startDocumentDrag({ dataTransfer: transfer } as unknown as Parameters<typeof startDocumentDrag>[0], 42);
    expect(transfer.getData(DOCUMENT_DRAG_TYPE)).toBe('42');
    expect(transfer.effectAllowed).toBe('move');
  });

  it('highlights the folder while held over it, without flicker over its children, and moves the document on drop', () => {
    const onDrop = jest.fn();
    render(<Folder onDrop={onDrop} />);
    const transfer = dataTransfer({ [DOCUMENT_DRAG_TYPE]: '42' });
    drag(folder(), 'dragenter', transfer);
    expect(folder().getAttribute('data-over')).toBe('true');
    // Entering a child, then leaving the folder itself for it: still over the folder.
    drag(label(), 'dragenter', transfer);
    drag(folder(), 'dragleave', transfer);
    expect(folder().getAttribute('data-over')).toBe('true');
    expect(drag(folder(), 'dragover', transfer).defaultPrevented).toBe(true);
    expect(transfer.dropEffect).toBe('move');
    const drop = drag(folder(), 'drop', transfer);
    expect(drop.defaultPrevented).toBe(true);
    expect(onDrop).toHaveBeenCalledWith(42);
    expect(folder().getAttribute('data-over')).toBe('false');
  });

  it('clears the highlight when the document is carried away again', () => {
    render(<Folder onDrop={jest.fn()} />);
    const transfer = dataTransfer({ [DOCUMENT_DRAG_TYPE]: '7' });
    drag(folder(), 'dragenter', transfer);
    drag(folder(), 'dragleave', transfer);
    expect(folder().getAttribute('data-over')).toBe('false');
  });

  it('ignores files dragged in from the desktop', () => {
    const onDrop = jest.fn();
    render(<Folder onDrop={onDrop} />);
    const files = dataTransfer({ Files: '' });
    drag(folder(), 'dragenter', files);
    expect(folder().getAttribute('data-over')).toBe('false');
    expect(drag(folder(), 'dragover', files).defaultPrevented).toBe(false);
    drag(folder(), 'drop', files);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('is no drop target where moving is not offered', () => {
    render(<Folder />);
    const transfer = dataTransfer({ [DOCUMENT_DRAG_TYPE]: '42' });
    drag(folder(), 'dragenter', transfer);
    expect(folder().getAttribute('data-over')).toBe('false');
    expect(drag(folder(), 'dragover', transfer).defaultPrevented).toBe(false);
  });
});
