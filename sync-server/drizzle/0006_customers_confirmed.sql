-- Customer signup now confirms the address (issue 11: a signup must not tell whether an address
-- already has an account, so login waits for the link). Customers who signed up before, when no
-- link was sent, keep signing in: their addresses count as confirmed.
UPDATE `users` SET `email_confirmed` = 1 WHERE `role` = 'user' AND `email` IS NOT NULL AND `email_confirmed` = 0;
