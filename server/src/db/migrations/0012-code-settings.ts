/**
 * Code retrieval settings (spec §2 `api-setting`): how a user's code links answer, and the user's own
 * extraction pattern per application. Created ahead of the features that use them, because two of
 * them meet here: the inbound extractor reads the patterns (after the application's own, before the
 * general extractor), and the settings page writes them.
 */
export default /* sql */ `
create table user_code_settings (
  user_id integer primary key references users (id) on delete cascade,
  -- code: the code alone as plain text; text: the whole SMS; json: number, sender, text, code, time.
  answer_format text not null default 'code' check (answer_format in ('code', 'text', 'json')),
  -- How far back a code link looks for SMS, in minutes.
  window_minutes integer not null default 20 check (window_minutes between 1 and 10080),
  webhook_url text,
  webhook_secret text,
  updated_at timestamptz not null default now()
);

create table user_code_patterns (
  user_id integer not null references users (id) on delete cascade,
  application_id integer not null references applications (id) on delete cascade,
  -- A regular expression run by the linear-time engine (RE2 syntax); its first group, else the whole match, is the code.
  pattern text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, application_id)
);
`;
