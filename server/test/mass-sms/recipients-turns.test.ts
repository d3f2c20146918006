import { ZSendInput } from '@jiema/shared';
import { expect, test } from 'vitest';
import { planRecipients } from '../../src/modules/mass-sms/recipients';

// A large paste is planned a few hundred rows per turn of the event loop, so the process's other
// requests are not held behind it: the turns are counted (setImmediate callbacks that ran before the
// plan was ready), not timed, and the plan is the same as when nothing else runs.

test('a paste of 5,000 numbers lets the event loop turn while it is planned, with the same plan', async () => {
  const numbers = Array.from({ length: 5000 }, (_, i) => `+7916${String(1_000_000 + i).padStart(7, '0')}`);
  const input = ZSendInput.parse({
    recipientsText: [...numbers, numbers[0], 'not a number'].join('\n'),
    content: 'Your parcel is on its way',
  });
  let turns = 0;
  let planned = false;
  const turn = () => {
    if (planned) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  const plan = await planRecipients(input, input.content);
  planned = true;
  expect(turns).toBeGreaterThanOrEqual(19);
  expect(plan.messages).toHaveLength(5000);
  expect(plan.messages[4999]?.phone).toBe(numbers[4999]);
  expect(plan.duplicateCount).toBe(1);
  expect(plan.duplicates[0]).toEqual({ line: 5001, phone: numbers[0], firstLine: 1 });
  expect(plan.invalidCount).toBe(1);
  expect(plan.invalid[0]).toMatchObject({ line: 5002, reason: 'notANumber' });
});
