-- A new password unlinks the account's Telegram chats (issue 41). Someone who registered a
-- stranger's address, or took over an account, linked their own Telegram; after the owner
-- recovered the account and chose a new password, the owner's notifications still went to the
-- intruder's chat. Supabase Auth ends the account's other sessions when the password changes
-- (models.User.UpdatePassword: LogoutAllExceptMe); this trigger ends what Auth does not know of,
-- the chat and any link token not yet used, whichever way the password changed (the settings
-- page, the recovery page, PUT /auth/v1/user with the student's own token, the Admin API).

create function public.unlink_telegram_on_new_password()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  delete from public.telegram_links where user_id = new.id;
  delete from public.telegram_link_tokens where user_id = new.id;
  return null;
end;
$$;

comment on function public.unlink_telegram_on_new_password() is
  'Trigger on auth.users: when a password changes, the account''s Telegram chat is unlinked and its unused link tokens are dropped, so a chat linked by whoever knew the old password hears nothing more.';

revoke all on function public.unlink_telegram_on_new_password() from public;

create trigger on_auth_user_password_changed
  after update of encrypted_password on auth.users
  for each row
  when (old.encrypted_password is distinct from new.encrypted_password)
  execute function public.unlink_telegram_on_new_password();
