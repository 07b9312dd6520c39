import { describe, expect, it } from 'vitest';
import { JOB_CONDITION_CHOICES, JOB_CONDITION_DIALOGS, JOB_CONDITION_FLAGS } from '@model/job-conditions';
import { MAIN_CONDITIONS } from './job-conditions-section';

describe('job-condition layout', () => {
  it('shows every condition of the model exactly once: on the form or in its sub-dialog', () => {
    const placed = [...MAIN_CONDITIONS.map((c) => c.field), ...Object.values(JOB_CONDITION_DIALOGS).flat()];
    const all = [...Object.keys(JOB_CONDITION_CHOICES), ...JOB_CONDITION_FLAGS];
    expect([...placed].sort()).toEqual([...all].sort());
  });

  it('opens each of the six sub-dialogs from exactly one form row', () => {
    const opened = MAIN_CONDITIONS.flatMap((c) => (c.dialog ? [c.dialog] : []));
    expect([...opened].sort()).toEqual(Object.keys(JOB_CONDITION_DIALOGS).sort());
  });
});
