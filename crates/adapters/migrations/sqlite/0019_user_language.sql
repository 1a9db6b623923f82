-- The language a member reads (issue 35): 'zh-HK' or 'en'. What is sent to them later (SMS,
-- e-mail) follows it; every member before this column reads zh-HK, the only language then.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'zh-HK';
