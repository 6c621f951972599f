import { translateMessage } from '@aide/contracts';
import { registerServerMessageCatalogs } from '@aide/contracts/server-messages';
import { eventReminderTitle, leadOf, taskReminderTitle } from './reminder-text';

describe('reminder titles', () => {
  it('say the time left in its largest whole unit, one and many apart', () => {
    expect(leadOf(0)).toEqual({ unit: 'now' });
    expect(leadOf(90)).toEqual({ unit: 'minute', count: 90 });
    expect(leadOf(120)).toEqual({ unit: 'hour', count: 2 });
    expect(leadOf(2880)).toEqual({ unit: 'day', count: 2 });
    expect([0, 1, 10, 60, 180, 1440, 10080].map((minutes) => eventReminderTitle('Team sync', minutes))).toEqual([
      'Team sync starts now',
      'Team sync starts in 1 minute',
      'Team sync starts in 10 minutes',
      'Team sync starts in 1 hour',
      'Team sync starts in 3 hours',
      'Team sync starts in 1 day',
      'Team sync starts in 7 days',
    ]);
    expect([0, 30, 60].map((minutes) => taskReminderTitle('Pay rent', minutes))).toEqual([
      'Pay rent is due now',
      'Pay rent is due in 30 minutes',
      'Pay rent is due in 1 hour',
    ]);
  });

  it("keep a title's own characters, even ones that mean something to String.replace", () => {
    expect(eventReminderTitle('Budget $& {count} review', 5)).toBe('Budget $& {count} review starts in 5 minutes');
  });

  it('translate through the server catalogs, the title left as written', () => {
    registerServerMessageCatalogs();
    expect(translateMessage(eventReminderTitle('Team sync', 10), 'de')).toBe('Team sync beginnt in 10 Minuten');
    expect(translateMessage(eventReminderTitle('Team sync', 60), 'es')).toBe('Team sync empieza en 1 hora');
    expect(translateMessage(eventReminderTitle('Réunion', 0), 'fr')).toBe('Réunion commence maintenant');
    expect(translateMessage(taskReminderTitle('家賃', 1440), 'ja')).toBe('家賃の期限まであと1日');
    expect(translateMessage(taskReminderTitle('交房租', 15), 'zh')).toBe('交房租 将在 15 分钟后到期');
  });
});
