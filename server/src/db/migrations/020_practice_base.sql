-- The adviser's practice (issue 19), the columns several of its parts share; each part adds its own tables in the
-- migrations after this one (021 documents and support tickets, 022 plans and subscriptions, 023 professional
-- registration and delegates).

-- A PRO's own practice: its trial (a new professional starts one at registration) and whether it has a subscription.
-- A DELEGATE and the clients of the practice follow their PRO; a client has its own subscribe/trial/trial_until.
alter table users add column trial_until date;
alter table users add column subscribe boolean not null default false;

-- The demo PROs and every existing practice were there before trials: they count as subscribed.
update users set subscribe = true where role = 'PRO';

-- A client's trial ends on trial_until; a trial client without a date (rows older than this migration) gets the
-- usual 30 days from today.
update clients set trial_until = current_date + 30 where trial and trial_until is null;
