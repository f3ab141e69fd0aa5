-- What bootstrap.sql gained after some data folders were created: run on every start of a folder
-- database, so one made by an older bootstrap.sql gets the same tables (each statement is a no-op
-- once applied). Throwaway databases start from a snapshot of the current bootstrap.sql instead.

alter table auth.users
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  add column if not exists email_change_sent_at timestamptz;

alter table _local.mailbox
  add column if not exists source text not null default 'auth',
  add column if not exists sender text,
  add column if not exists html text,
  add column if not exists message_id text,
  add column if not exists headers jsonb not null default '{}';

alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
