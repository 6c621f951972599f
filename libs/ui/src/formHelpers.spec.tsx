import { Form, Input } from 'antd';
import { byText, cleanup, renderScreen } from '@aide/testing';
import { isEditingField } from './isEditingField';
import { useFormFields } from './useFormFields';

afterEach(cleanup);

type Field = 'title' | 'location';

function EventForm({ errors }: { errors: { [field: string]: { message?: unknown } | undefined } }) {
  const { idFor, itemProps } = useFormFields<Field>(errors);
  return (
    <Form layout="vertical">
      <Form.Item label="Title" {...itemProps('title')}>
        <Input id={idFor('title')} />
      </Form.Item>
      <Form.Item label="Location" {...itemProps('location')}>
        <Input id={idFor('location')} />
      </Form.Item>
    </Form>
  );
}

describe('useFormFields', () => {
  it('links each label to its input, with ids unique to each form', () => {
    renderScreen(
      <>
        <EventForm errors={{}} />
        <EventForm errors={{}} />
      </>,
    );
    const labels = Array.from(document.querySelectorAll('label'));
    expect(labels.map((l) => l.textContent)).toEqual(['Title', 'Location', 'Title', 'Location']);
    const targets = labels.map((l) => document.getElementById(l.htmlFor));
    expect(targets.every((t) => t instanceof HTMLInputElement)).toBe(true);
    expect(new Set(targets).size).toBe(4);
  });

  it('shows a field’s validation message under that field only', () => {
    renderScreen(<EventForm errors={{ title: { message: 'Title is required' }, location: { message: undefined } }} />);
    const message = byText('Title is required');
    expect(message.closest('.ant-form-item')?.textContent).toContain('Title');
    expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(1);
  });
});

describe('isEditingField', () => {
  it('is true while the user is in a text field, false on a button or nothing', () => {
    renderScreen(
      <>
        <input aria-label="Name" />
        <textarea aria-label="Notes" />
        <button type="button">Save</button>
      </>,
    );
    expect(isEditingField()).toBe(false);
    document.querySelector<HTMLInputElement>('input')!.focus();
    expect(isEditingField()).toBe(true);
    document.querySelector<HTMLTextAreaElement>('textarea')!.focus();
    expect(isEditingField()).toBe(true);
    document.querySelector<HTMLButtonElement>('button')!.focus();
    expect(isEditingField()).toBe(false);
  });
});
