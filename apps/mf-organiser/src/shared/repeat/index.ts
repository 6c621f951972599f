/**
 * Repeat rules in the organiser's forms: the editor (events, tasks, quick add) and the sentence a rule
 * reads as. Rules are RRULE values without `RRULE:` (see @aide/contracts recurrence.ts).
 */
export { RepeatEditor, type RepeatEditorProps } from './RepeatEditor';
export { editableRule, ordinalWeekday, repeatSummary } from './repeatSummary';
export { monthWeekdayOf, weekdayName, weekdayOf, weekdaysInLocaleOrder } from './weekdays';
