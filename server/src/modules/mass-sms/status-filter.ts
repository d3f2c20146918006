/**
 * "The message is still `status`", for the statements that find messages by id (`o` is the message).
 * The status is compared with a value the planner cannot look up in the column's statistics (a
 * one-row subquery, run once per statement), so it neither trusts them nor matches the partial due
 * index. A queue's statistics are nearly always wrong: analyzed between two campaigns, they say no
 * message is pending or sent. With the constant, PostgreSQL believed them and scanned the whole table
 * as the outer side of a loop over the batch (in psql, 12 s to record 1,000 results among 60,000
 * messages), or, in a prepared statement's plan made while the queue was small, walked the whole due
 * index for each id (0.7 ms a message once a large campaign was queued). queue-plans.test holds every
 * such statement to it.
 */
export const stillIn = (status: 'pending' | 'sent') => `o.status = (select '${status}'::text)`;
