import { act } from 'react';
import { Form, Input } from 'antd';
import { setLocale } from '@aide/i18n';
import { byText, cleanup, renderScreen } from '@aide/testing';
import { FetchErrorAlert } from './FetchErrorAlert';
import { isEditingField } from './isEditingField';
import { useFormFields } from './useFormFields';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

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

describe('in another language', () => {
  it('shows zod’s English message translated, a number or a field name in it too', async () => {
    await act(() => setLocale('es'));
    renderScreen(
      <EventForm
        errors={{
          title: { message: 'Title is required' },
          location: { message: 'Location must be at most 500 characters' },
        }}
      />,
    );
    expect(byText('Introduce un título').closest('.ant-form-item')?.textContent).toContain('Title');
    byText('Ubicación: como máximo 500 caracteres');
  });

  it('leaves a message no catalog knows as it is, and shows Retry in German', async () => {
    await act(() => setLocale('de'));
    renderScreen(
      <>
        <EventForm errors={{ title: { message: 'A text of this form alone' } }} />
        <FetchErrorAlert
          query={{ isError: true, isFetching: false, error: new TypeError('x'), refetch: jest.fn() }}
          title="Fehler"
        />
      </>,
    );
    byText('A text of this form alone');
    byText('Erneut versuchen');
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
