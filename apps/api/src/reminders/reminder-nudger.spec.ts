import type { DataSource, InsertEvent, QueryRunner } from 'typeorm';
import { ReminderNudger } from './reminder-nudger';
import type { ReminderSweep } from './reminder-sweep';

/** A saved row as TypeORM hands it to the subscriber, outside a transaction. */
const inserted = (tableName: string, entity: Record<string, unknown>) =>
  ({
    metadata: { tableName },
    entity,
    queryRunner: { isTransactionActive: false } as QueryRunner,
  }) as unknown as InsertEvent<unknown>;

describe('ReminderNudger', () => {
  const setup = () => {
    const nudge = jest.fn();
    const nudger = new ReminderNudger(
      { subscribers: [] } as unknown as DataSource,
      { nudge } as unknown as ReminderSweep,
    );
    return { nudger, nudge };
  };

  it('sweeps at once for a new task that has a due date and a reminder', () => {
    const { nudger, nudge } = setup();
    nudger.afterInsert(inserted('tasks', { dueDate: new Date(), reminderMinutes: 10 }));
    expect(nudge).toHaveBeenCalledTimes(1);
  });

  it('does not sweep for a new task that cannot remind', () => {
    const { nudger, nudge } = setup();
    nudger.afterInsert(inserted('tasks', { dueDate: null, reminderMinutes: null }));
    nudger.afterInsert(inserted('tasks', { dueDate: new Date(), reminderMinutes: null }));
    nudger.afterInsert(inserted('tasks', { dueDate: null, reminderMinutes: 5 }));
    expect(nudge).not.toHaveBeenCalled();
  });

  it('still sweeps for every new event and for rows of other shapes it cannot judge', () => {
    const { nudger, nudge } = setup();
    nudger.afterInsert(inserted('events', { reminderMinutes: null }));
    nudger.afterInsert({ ...inserted('tasks', {}), entity: undefined } as unknown as InsertEvent<unknown>);
    expect(nudge).toHaveBeenCalledTimes(2);
  });

  it('ignores tables without reminders', () => {
    const { nudger, nudge } = setup();
    nudger.afterInsert(inserted('emails', {}));
    expect(nudge).not.toHaveBeenCalled();
  });
});
